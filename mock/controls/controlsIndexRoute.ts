import { jsonAnswer, type MockRoute } from '../exchange/MockRoute.ts';

/** Every control, by method and path, with what it does (docs/mock-controls.md says more). */
const CONTROLS = {
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
};

/** `GET /__mock`: the seed and session the request is in, and the list of controls. */
export function controlsIndexRoute(): MockRoute {
  return {
    method: 'GET',
    path: '/__mock',
    handle: (context) => {
      const session = context.session();
      return jsonAnswer(200, { seed: session.store.seed, session: session.session, controls: CONTROLS });
    },
  };
}
