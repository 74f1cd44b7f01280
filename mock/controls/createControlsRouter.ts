import express, { type Request, type Response, type Router } from 'express';
import type { Fault } from '../faults/Fault.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import { datasetJsonChunks } from '../store/datasetJsonChunks.ts';
import { requestSession } from '../sessions/frontDoor.ts';
import { advanceClock, clockView, importState, setClock } from './controlActions.ts';
import { faultControls } from './faultControls.ts';
import { journalRoutes } from './journalRoutes.ts';
import { sessionControls } from './sessionControls.ts';
import { stubRoutes } from './stubRoutes.ts';
import { summaryRoute } from './summaryRoute.ts';

export interface ControlsOptions {
  faultCatalog: readonly Fault[];
}

/**
 * The mock's own controls under /__mock (documented in docs/mock-controls.md): reset, export/import,
 * clock, journal, latency, faults, tokens, each acting on the session the request names (X-Mock-Session or
 * the mock_session cookie; none: the default session); and the sessions themselves (sessionControls.ts).
 * They are not part of the contract; errors are problem+json too.
 */
export function createControlsRouter(sessions: SessionRegistry<Session>, options: ControlsOptions): Router {
  const router = express.Router();
  const json = express.json({ limit: '512mb' });
  // The session the front door resolved for this request (app.ts); the registry is for the cross-session controls.
  const session = (req: Request): Session => requestSession(req);
  sessionControls(router, sessions, json);

  router.get('/', (req, res) => {
    const deps = session(req);
    res.json({
      seed: deps.store.seed,
      session: deps.session,
      controls: {
        'POST /__mock/reset': 'back to the seeded data (clock, latency and faults stay)',
        'GET /__mock/state': 'export the whole state as JSON',
        'PUT /__mock/state': 'import a state exported before',
        'GET /__mock/clock': 'the mock clock',
        'PUT /__mock/clock': 'set it: {"now": "2026-05-01T08:00:00.000Z"}',
        'POST /__mock/clock/advance': 'move it: {"ms": 3600000} or {"seconds": 3600}',
        'GET /__mock/journal':
          'requests received, with headers and bodies (?operationId=, ?method=, ?path=, ?status=, ?session=, ?since=seq, ?limit=, ?bodyContains=, ?query.NAME=, ?header.NAME=)',
        'GET /__mock/journal/har': 'the journal as a HAR 1.2 file, with the same filters (replay it: npm run conform -- --replay FILE.har)',
        'GET /__mock/journal/{seq}': 'one journal entry',
        'POST /__mock/journal/count': 'how many requests matched: {"operationId": "approveAppInstallation", "status": 200}',
        'DELETE /__mock/journal': 'clear the journal (of the session)',
        'GET /__mock/summary': 'counts per community',
        'GET /__mock/ui': 'the dashboard (a page for people)',
        'GET /__mock/latency': 'current latency',
        'PUT /__mock/latency':
          'set it: {"ms": 300, "jitterMs": 200}; for one operation and its next N requests: {"ms": 3000, "operationId": "listGroups", "times": 2}',
        'GET /__mock/faults': 'available and active faults',
        'PUT /__mock/faults':
          'switch faults on: {"active": ["ignore-active-filter"]}; for one operation and its next N requests: {"active": [...], "operationId": "listGroups", "times": 1}',
        'GET /__mock/stubs': 'stubs of the session, with how often each answered (docs/stubs.md)',
        'POST /__mock/stubs':
          'add one: {"operationId": "listGroups", "status": 503, "headers": {"Retry-After": "2"}, "times": 1}; or {"operationId": "listGroups", "fault": "reset"}',
        'PUT /__mock/stubs': 'replace them all: {"stubs": [...]}, or a HAR recording, served back exactly',
        'PATCH /__mock/stubs/{id}': 'switch one off or on: {"enabled": false}',
        'DELETE /__mock/stubs/{id}': 'remove one (DELETE /__mock/stubs: all)',
        'GET /__mock/tokens': 'development bearer tokens',
        'GET /__mock/sessions': 'every session: name, created, last used, writes, memory estimate',
        'DELETE /__mock/sessions/{name}': 'drop a session',
        'GET /__mock/session': 'the session this request is in, and how it was named',
        'PUT /__mock/session': 'pick a session for this browser (sets the mock_session cookie): {"name": "alice"}',
        'DELETE /__mock/session': 'back to the default session (clears the cookie)',
      },
    });
  });

  router.post('/reset', (req, res) => {
    session(req).store.reset();
    res.status(204).end();
  });

  router.get('/state', async (req, res) => {
    // Streamed record by record, waiting for the socket to drain: a million groups fit in no string.
    const chunks = datasetJsonChunks(session(req).store.snapshotParts());
    const gone = new Promise<void>((resolve) => res.once('close', resolve));
    res.type('application/json');
    for (const chunk of chunks) {
      if (!res.write(chunk)) await Promise.race([new Promise<void>((resolve) => res.once('drain', resolve)), gone]);
      if (res.destroyed) return;
    }
    res.end();
  });

  router.put('/state', json, (req, res) => {
    importState(session(req), req.body);
    res.status(204).end();
  });

  router.get('/clock', (req, res) => {
    res.json(clockView(session(req).clock));
  });

  router.put('/clock', json, (req: Request, res: Response) => {
    res.json(setClock(session(req).clock, req.body ?? {}));
  });

  router.post('/clock/advance', json, (req, res) => {
    res.json(advanceClock(session(req).clock, req.body ?? {}));
  });

  router.use(
    journalRoutes({
      own: (req) => session(req).journal,
      named: (name) => sessions.find(name)?.journal,
      all: () => sessions.names().flatMap((name) => sessions.find(name)?.journal ?? []),
    }),
  );
  router.get('/summary', (req, res) => summaryRoute(session(req))(req, res));

  faultControls(router, session, options.faultCatalog, json);
  stubRoutes(router, session, json);

  router.get('/tokens', (req, res) => {
    res.json(
      session(req)
        .store.tokens()
        .filter((t) => t.kind === 'development')
        .map((t) => ({ token: t.token, label: t.label, subject: t.subject, communities: t.communities })),
    );
  });

  return router;
}
