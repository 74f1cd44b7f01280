import { jsonAnswer, type MockRoute } from '../exchange/MockRoute.ts';
import type { Fault } from '../faults/Fault.ts';
import { availableFaults, faultsView, latencyView, setFaults, setLatency } from './controlActions.ts';

/** Latency and faults of the request's session (docs/mock-controls.md), as routes over the actions of controlActions.ts. */
export function faultControlRoutes(catalog: readonly Fault[]): MockRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/latency',
      handle: (context) => jsonAnswer(200, latencyView(context.session())),
    },
    {
      method: 'PUT',
      path: '/__mock/latency',
      handle: async (context) => {
        const body = await context.json();
        return jsonAnswer(200, setLatency(context.session(), body ?? {}));
      },
    },
    {
      method: 'GET',
      path: '/__mock/faults',
      handle: (context) => jsonAnswer(200, { ...faultsView(context.session()), available: availableFaults(catalog) }),
    },
    {
      method: 'PUT',
      path: '/__mock/faults',
      handle: async (context) => {
        const body = await context.json();
        return jsonAnswer(200, setFaults(context.session(), catalog, body ?? {}));
      },
    },
  ];
}
