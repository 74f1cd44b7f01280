import type { MockRoute } from '../exchange/MockRoute.ts';
import type { Fault } from '../faults/Fault.ts';
import { controlsIndexRoute } from './controlsIndexRoute.ts';
import { faultControlRoutes } from './faultControlRoutes.ts';
import { journalControlRoutes } from './journalControlRoutes.ts';
import { sessionControlRoutes } from './sessionControlRoutes.ts';
import { stateControlRoutes } from './stateControlRoutes.ts';
import { stubControlRoutes } from './stubControlRoutes.ts';
import { summaryControlRoutes } from './summaryControlRoutes.ts';

export interface ControlRoutesOptions {
  /** The faults PUT /__mock/faults may switch on. */
  faultCatalog: readonly Fault[];
}

/**
 * The mock's own controls under /__mock (documented in docs/mock-controls.md): reset, export/import, clock,
 * journal, latency, faults, stubs, tokens, each acting on the session the request names (X-Mock-Session or
 * the mock_session cookie; none: the default session); and the sessions themselves. They are not part of
 * the contract; their errors are problem+json too. The dashboard's page is `dashboardRoute` (it reads a file).
 */
export function controlRoutes(options: ControlRoutesOptions): MockRoute[] {
  return [
    ...sessionControlRoutes(),
    controlsIndexRoute(),
    ...stateControlRoutes(),
    ...journalControlRoutes(),
    ...summaryControlRoutes(),
    ...faultControlRoutes(options.faultCatalog),
    ...stubControlRoutes(),
  ];
}
