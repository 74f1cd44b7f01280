import { buildConformConfig } from '../../fixtures/conformConfig.ts';
import { createApp } from '../../mock/app.ts';
import { createFrozenClock } from '../../mock/clock.ts';
import { createDeps } from '../../mock/createDeps.ts';
import { faultCatalog } from '../../mock/faults/catalog.ts';
import { DEFAULT_SESSION } from '../../mock/sessions/SessionRegistry.ts';
import type { ConformConfig } from '../config/ConformConfig.ts';
import { startServer } from './startServer.ts';

export interface MockTarget {
  url: string;
  /** The suite's config for this mock, built from its own dataset (as fixtures/conform.mock.json is for seed 1). */
  config: ConformConfig;
  close(): Promise<void>;
}

/** The mock in-process on 127.0.0.1:0 with the given faults switched on; tests only. */
export async function startMockTarget(options: { seed?: number; size?: 'default' | 'large'; faults?: string[]; groups?: number } = {}): Promise<MockTarget> {
  const deps = createDeps({
    seed: options.seed ?? 1,
    size: options.size ?? 'default',
    faults: options.faults ?? [],
    ...(options.groups ? { groups: options.groups } : {}),
    clock: createFrozenClock('2026-03-01T12:00:00.000Z'),
  });
  const { app } = createApp(deps, { faultCatalog });
  const server = await startServer(app);
  return { url: server.url, config: { baseUrl: server.url, ...buildConformConfig(deps.sessions.use(DEFAULT_SESSION).store.snapshot()) }, close: server.close };
}
