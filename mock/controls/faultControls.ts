import type { Request, RequestHandler, Router } from 'express';
import type { Fault } from '../faults/Fault.ts';
import type { Session } from '../sessions/Session.ts';
import { availableFaults, faultsView, latencyView, setFaults, setLatency } from './controlActions.ts';

/** Latency and faults (docs/mock-controls.md), as routes over the actions of controlActions.ts. */
export function faultControls(router: Router, session: (req: Request) => Session, catalog: readonly Fault[], json: RequestHandler): void {
  router.get('/latency', (req, res) => {
    res.json(latencyView(session(req)));
  });

  router.put('/latency', json, (req, res) => {
    res.json(setLatency(session(req), req.body ?? {}));
  });

  router.get('/faults', (req, res) => {
    res.json({ ...faultsView(session(req)), available: availableFaults(catalog) });
  });

  router.put('/faults', json, (req, res) => {
    res.json(setFaults(session(req), catalog, req.body ?? {}));
  });
}
