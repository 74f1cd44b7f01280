import type { Request, RequestHandler, Router } from 'express';
import type { Session } from '../sessions/Session.ts';
import { addStub, clearStubs, listStubs, removeStub, replaceStubs, setStubEnabled } from './stubActions.ts';

/** The stubs of the request's session (docs/stubs.md), as routes over the actions of stubActions.ts. */
export function stubRoutes(router: Router, session: (req: Request) => Session, json: RequestHandler): void {
  router.get('/stubs', (req, res) => {
    res.json(listStubs(session(req)));
  });

  router.post('/stubs', json, (req, res) => {
    const stub = addStub(session(req), req.body);
    res.status(201).location(`/__mock/stubs/${stub.id}`).json(stub);
  });

  router.put('/stubs', json, (req, res) => {
    res.json(replaceStubs(session(req), req.body));
  });

  router.delete('/stubs', (req, res) => {
    clearStubs(session(req));
    res.status(204).end();
  });

  router.patch('/stubs/:id', json, (req, res) => {
    res.json(setStubEnabled(session(req), String(req.params.id), req.body));
  });

  router.delete('/stubs/:id', (req, res) => {
    removeStub(session(req), String(req.params.id));
    res.status(204).end();
  });
}
