/**
 * The `/__mock` controls as routes, driven directly: a fake RouteContext over a real session registry, the
 * routes found as the lifecycle finds them (matchRoute), each answer's status, head and body checked, and
 * each refusal checked as the problem it throws.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFrozenClock } from '../clock.ts';
import { createDeps, type MockDeps } from '../createDeps.ts';
import type { AnswerStream } from '../exchange/ApiExchange.ts';
import type { RouteAnswer, RouteContext } from '../exchange/MockRoute.ts';
import { matchRoute } from '../exchange/matchRoute.ts';
import { faultCatalog } from '../faults/catalog.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { createFrontDoor, sessionOf } from '../sessions/frontDoor.ts';
import { controlRoutes } from './controlRoutes.ts';
import { dashboardRoute } from './dashboardRoute.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const BASE = 'http://mock.test/api';
const JSON_TYPE = 'application/json; charset=utf-8';

let deps: MockDeps;
let match: ReturnType<typeof matchRoute>;

beforeAll(() => {
  deps = createDeps({ clock: createFrozenClock(NOW) });
  match = matchRoute([...controlRoutes({ faultCatalog }), dashboardRoute()]);
});

interface Sent {
  /** The session the request names (X-Mock-Session); each case its own, so no case sees another's state. */
  session?: string;
  headers?: Record<string, string>;
  /** The body as `context.json()` gives it (undefined: none, or not JSON). */
  json?: unknown;
}

interface Called {
  answer: RouteAnswer;
  /** The options each `context.json()` was called with. */
  reads: ({ limit?: number; anyType?: boolean } | undefined)[];
}

/** One request, routed and answered as the lifecycle would, without any transport. */
async function call(method: string, url: string, sent: Sent = {}): Promise<Called> {
  const [path = '', search = ''] = url.split('?');
  const found = match(method, path);
  if (!found || !('route' in found)) throw new Error(`no route for ${method} ${path}`);
  const headers = { ...(sent.session ? { 'x-mock-session': sent.session } : {}), ...sent.headers };
  const request = { method, url, path, search, headers };
  const door = createFrontDoor(deps.sessions);
  const reads: Called['reads'] = [];
  const context: RouteContext = {
    request,
    params: found.params,
    query: queryOf(search),
    session: () => sessionOf(door(request)),
    sessions: deps.sessions,
    base: BASE,
    mountPath: '/api',
    bytes: () => Promise.resolve(sent.json === undefined ? undefined : new TextEncoder().encode(JSON.stringify(sent.json))),
    json: (options) => {
      reads.push(options);
      return Promise.resolve(sent.json);
    },
  };
  return { answer: await found.route.handle(context), reads };
}

/** parseQueryString's shape: a name given twice is a list. */
function queryOf(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const had = out[key];
    out[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return out;
}

async function textOf(body: RouteAnswer['body']): Promise<string | undefined> {
  if (body === undefined || typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  let text = '';
  for await (const chunk of body as AnswerStream) text += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
  return text;
}

/** A journal entry of the named session, as the lifecycle would have recorded it. */
function journaled(session: string, url: string, status = 200): void {
  deps.sessions.use(session).journal.record({
    at: NOW,
    session,
    method: 'GET',
    url,
    requestHeaders: { 'x-mock-session': session },
    status,
    responseHeaders: ['content-type', 'application/json'],
    responseBody: '{}',
    durationMs: 1,
    operationId: 'listGroups',
  });
}

interface Good {
  name: string;
  method: string;
  url: string;
  sent?: Sent;
  /** Run first, in the case's session. */
  before?: (session: string) => void;
  status: number;
  headers?: Record<string, string>;
  /** The JSON body, matched as a pattern; null: no body at all. */
  body: unknown;
}

const GOOD: Good[] = [
  {
    name: 'the index',
    method: 'GET',
    url: '/__mock',
    status: 200,
    body: { seed: 1, session: 'index', controls: expect.objectContaining({ 'POST /__mock/reset': expect.any(String) }) },
  },
  { name: 'reset', method: 'POST', url: '/__mock/reset', status: 204, body: null },
  { name: 'the clock', method: 'GET', url: '/__mock/clock', status: 200, body: { now: NOW, frozen: true } },
  {
    name: 'setting the clock',
    method: 'PUT',
    url: '/__mock/clock',
    sent: { json: { now: '2027-05-01T08:00:00.000Z' } },
    status: 200,
    body: { now: '2027-05-01T08:00:00.000Z', frozen: true },
  },
  {
    name: 'advancing the clock',
    method: 'POST',
    url: '/__mock/clock/advance',
    sent: { json: { seconds: 90 } },
    status: 200,
    body: { now: '2026-03-01T12:01:30.000Z' },
  },
  {
    name: 'the journal',
    method: 'GET',
    url: '/__mock/journal?status=2xx',
    before: (s) => journaled(s, '/v1/groups'),
    status: 200,
    body: [{ seq: expect.any(Number), url: '/v1/groups' }],
  },
  {
    name: 'the journal count (POST)',
    method: 'POST',
    url: '/__mock/journal/count',
    sent: { json: { status: '4xx' } },
    before: (s) => journaled(s, '/v1/x', 404),
    status: 200,
    body: { count: 1 },
  },
  {
    name: 'the journal count (GET)',
    method: 'GET',
    url: '/__mock/journal/count?method=GET',
    before: (s) => journaled(s, '/v1/x'),
    status: 200,
    body: { count: 1 },
  },
  { name: 'clearing the journal', method: 'DELETE', url: '/__mock/journal', before: (s) => journaled(s, '/v1/x'), status: 204, body: null },
  {
    name: 'the summary',
    method: 'GET',
    url: '/__mock/summary',
    status: 200,
    body: { seed: 1, communities: expect.arrayContaining([expect.objectContaining({ groups: expect.any(Number) })]), apps: expect.any(Number) },
  },
  {
    name: 'the tokens',
    method: 'GET',
    url: '/__mock/tokens',
    status: 200,
    body: expect.arrayContaining([expect.objectContaining({ token: expect.any(String) })]),
  },
  { name: 'the latency', method: 'GET', url: '/__mock/latency', status: 200, body: { ms: 0, jitterMs: 0, rules: [] } },
  { name: 'setting the latency', method: 'PUT', url: '/__mock/latency', sent: { json: { ms: 300 } }, status: 200, body: { ms: 300, jitterMs: 0, rules: [] } },
  { name: 'the faults', method: 'GET', url: '/__mock/faults', status: 200, body: { active: [], rules: [], available: expect.any(Array) } },
  {
    name: 'switching a fault on',
    method: 'PUT',
    url: '/__mock/faults',
    sent: { json: { active: [faultCatalogName()] } },
    status: 200,
    body: { active: [faultCatalogName()], rules: [] },
  },
  { name: 'the stubs', method: 'GET', url: '/__mock/stubs', status: 200, body: { stubs: [] } },
  {
    name: 'adding a stub',
    method: 'POST',
    url: '/__mock/stubs',
    sent: { json: { operationId: 'listGroups', status: 503 } },
    status: 201,
    headers: { Location: '/__mock/stubs/s1', 'Content-Type': JSON_TYPE },
    body: { id: 's1', operationId: 'listGroups', status: 503, matched: 0, enabled: true },
  },
  {
    name: 'replacing the stubs',
    method: 'PUT',
    url: '/__mock/stubs',
    sent: { json: { stubs: [{ operationId: 'listGroups', status: 500 }] } },
    status: 200,
    body: { stubs: [{ id: 's1', status: 500 }] },
  },
  { name: 'removing every stub', method: 'DELETE', url: '/__mock/stubs', status: 204, body: null },
  {
    name: 'the sessions',
    method: 'GET',
    url: '/__mock/sessions',
    status: 200,
    body: { sessions: expect.arrayContaining([expect.objectContaining({ name: 'default' })]) },
  },
  { name: 'this session', method: 'GET', url: '/__mock/session', status: 200, body: { name: 'this-session', via: 'header' } },
  {
    name: 'picking a session',
    method: 'PUT',
    url: '/__mock/session',
    sent: { json: { name: 'alice' } },
    status: 200,
    headers: { 'Set-Cookie': 'mock_session=alice; Path=/; HttpOnly; SameSite=Lax', 'Content-Type': JSON_TYPE },
    body: { name: 'alice', via: 'cookie' },
  },
  {
    name: 'leaving the session',
    method: 'DELETE',
    url: '/__mock/session',
    status: 204,
    headers: { 'Set-Cookie': 'mock_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0' },
    body: null,
  },
];

function faultCatalogName(): string {
  return (faultCatalog.find((f) => f.operations === undefined) ?? faultCatalog[0])!.name;
}

/** A case's own session name, from its name: `the index` → `index`. */
const sessionOfCase = (name: string): string =>
  name
    .replace(/^the /, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/-$/, '');

describe('control routes answer', () => {
  it.each(GOOD)('$name: $method $url → $status', async (c) => {
    const session = sessionOfCase(c.name);
    c.before?.(session);
    const { answer } = await call(c.method, c.url, { session, ...c.sent });
    expect(answer.status).toBe(c.status);
    const text = await textOf(answer.body);
    if (c.body === null) {
      expect(text).toBeUndefined();
      expect(answer.headers['Content-Type']).toBeUndefined();
    } else {
      expect(answer.headers['Content-Type']).toBe(JSON_TYPE);
      expect(JSON.parse(text ?? '')).toMatchObject(c.body as object);
    }
    if (c.headers) expect(answer.headers).toEqual(c.headers);
  });
});

/** A refusal: the problem's code, status, and the key or value its detail names. */
const BAD: { method: string; url: string; json?: unknown; code: string; status: number; names: string }[] = [
  { method: 'PUT', url: '/__mock/clock', json: { time: NOW }, code: 'invalid_request', status: 400, names: '"time"' },
  { method: 'PUT', url: '/__mock/clock', json: { now: 'amanhã' }, code: 'invalid_request', status: 400, names: '"now"' },
  { method: 'POST', url: '/__mock/clock/advance', json: { ms: -5 }, code: 'invalid_request', status: 400, names: 'forward' },
  { method: 'POST', url: '/__mock/clock/advance', code: 'invalid_request', status: 400, names: '{"ms"' },
  { method: 'PUT', url: '/__mock/state', json: { groups: 'x' }, code: 'invalid_request', status: 400, names: 'seed must be a number' },
  { method: 'PUT', url: '/__mock/state', code: 'invalid_request', status: 400, names: 'Not a state' },
  { method: 'GET', url: '/__mock/journal?stauts=200', code: 'invalid_request', status: 400, names: 'stauts' },
  { method: 'GET', url: '/__mock/journal?status=200&status=404', code: 'invalid_request', status: 400, names: '"status" was given more than once' },
  { method: 'GET', url: '/__mock/journal/har?since=x', code: 'invalid_request', status: 400, names: 'since' },
  { method: 'GET', url: '/__mock/journal/count?method=GET&method=PUT', code: 'invalid_request', status: 400, names: '"method"' },
  { method: 'DELETE', url: '/__mock/journal?operationID=x', code: 'invalid_request', status: 400, names: 'operationID' },
  { method: 'POST', url: '/__mock/journal/count', json: [1], code: 'invalid_request', status: 400, names: 'JSON object of filters' },
  { method: 'POST', url: '/__mock/journal/count', code: 'invalid_request', status: 400, names: 'JSON object of filters' },
  { method: 'POST', url: '/__mock/journal/count', json: { operationID: 'x' }, code: 'invalid_request', status: 400, names: 'operationID' },
  { method: 'GET', url: '/__mock/journal/999999', code: 'not_found', status: 404, names: '"999999"' },
  { method: 'GET', url: '/__mock/journal/abc', code: 'not_found', status: 404, names: '"abc"' },
  { method: 'PUT', url: '/__mock/latency', json: { ms: 300, operationID: 'listGroups' }, code: 'invalid_request', status: 400, names: '"operationID"' },
  { method: 'PUT', url: '/__mock/latency', json: { ms: 300, times: 0 }, code: 'invalid_request', status: 400, names: 'times' },
  { method: 'PUT', url: '/__mock/faults', json: { active: ['no-such-fault'] }, code: 'invalid_request', status: 400, names: '{"active": [names]}' },
  { method: 'PUT', url: '/__mock/faults', json: { status: 503 }, code: 'invalid_request', status: 400, names: 'status belongs to a stub' },
  { method: 'PUT', url: '/__mock/faults', code: 'invalid_request', status: 400, names: '{"active": [names]}' },
  { method: 'POST', url: '/__mock/stubs', json: { operationId: 'listGroups', statsu: 503 }, code: 'invalid_request', status: 400, names: 'statsu' },
  { method: 'PUT', url: '/__mock/stubs', json: { stubs: [{ operationId: 'nope' }] }, code: 'invalid_request', status: 400, names: 'stubs[0]' },
  { method: 'PATCH', url: '/__mock/stubs/s1', json: { enable: false }, code: 'invalid_request', status: 400, names: '{"enabled": true}' },
  { method: 'PATCH', url: '/__mock/stubs/s9', json: { enabled: false }, code: 'not_found', status: 404, names: '"s9"' },
  { method: 'DELETE', url: '/__mock/stubs/s9', code: 'not_found', status: 404, names: '"s9"' },
  { method: 'DELETE', url: '/__mock/sessions/bad%20name', code: 'invalid_session', status: 400, names: 'A session name' },
  { method: 'DELETE', url: '/__mock/sessions/default', code: 'conflict', status: 409, names: 'default session' },
  { method: 'DELETE', url: '/__mock/sessions/nobody', code: 'not_found', status: 404, names: '"nobody"' },
  { method: 'PUT', url: '/__mock/session', json: { name: 'bad name' }, code: 'invalid_session', status: 400, names: '{"name"' },
  { method: 'PUT', url: '/__mock/session', code: 'invalid_session', status: 400, names: '{"name"' },
];

describe('control routes refuse', () => {
  it.each(BAD)('$method $url $json → $status $code naming $names', async (c) => {
    const refused = await call(c.method, c.url, { session: 'refusals', json: c.json }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpProblem);
    expect(refused).toMatchObject({ code: c.code, status: c.status });
    expect((refused as HttpProblem).detail).toContain(c.names);
  });

  it('a session the front door refused is thrown as its problem, after the body is read', async () => {
    const called = call('PUT', '/__mock/clock', { headers: { 'x-mock-session': 'no good' }, json: { now: NOW } });
    await expect(called).rejects.toMatchObject({ code: 'invalid_session', status: 400 });
  });

  it('a bad journal filter is refused before the session is looked at', async () => {
    await expect(call('GET', '/__mock/journal?nope=1', { headers: { 'x-mock-session': 'no good' } })).rejects.toMatchObject({
      code: 'invalid_request',
      detail: expect.stringContaining('nope'),
    });
  });
});

describe('control routes, one by one', () => {
  it('exports the state as a stream, the same text as the snapshot, and imports it back', async () => {
    const session = deps.sessions.use('state');
    const { answer } = await call('GET', '/__mock/state', { session: 'state' });
    expect(answer).toMatchObject({ status: 200, headers: { 'Content-Type': JSON_TYPE } });
    expect(typeof answer.body === 'object' && answer.body !== null && Symbol.asyncIterator in answer.body).toBe(true);
    const text = await textOf(answer.body);
    expect(text).toBe(JSON.stringify(session.store.snapshot()));
    const imported = await call('PUT', '/__mock/state', { session: 'state', json: JSON.parse(text ?? '') });
    expect(imported.answer).toEqual({ status: 204, headers: {} });
    // A whole large dataset: the 512 MB express.json() took for it.
    expect(imported.reads).toEqual([{ limit: 512 * 1024 * 1024 }]);
  });

  it('counts with filters of any Content-Type, 64 kB at most', async () => {
    const { reads } = await call('POST', '/__mock/journal/count', { session: 'count-limits', json: {} });
    expect(reads).toEqual([{ limit: 64 * 1024, anyType: true }]);
  });

  it('reads other bodies with the default limit', async () => {
    const { reads } = await call('PUT', '/__mock/latency', { session: 'default-limits', json: { ms: 1 } });
    expect(reads).toEqual([undefined]);
  });

  it('gives one journal entry by its number; har and count are not numbers', async () => {
    journaled('by-seq', '/v1/one');
    const [entry] = deps.sessions.use('by-seq').journal.list();
    const { answer } = await call('GET', `/__mock/journal/${entry!.seq}`, { session: 'by-seq' });
    expect(answer.status).toBe(200);
    expect(JSON.parse((await textOf(answer.body)) ?? '')).toMatchObject({ seq: entry!.seq, url: '/v1/one' });
    expect(match('GET', '/__mock/journal/har')).toMatchObject({ route: { path: '/__mock/journal/har' } });
    expect(match('GET', '/__mock/journal/count')).toMatchObject({ route: { path: '/__mock/journal/count' } });
  });

  it('reads the journal of another session, or of every one (`*`)', async () => {
    journaled('other-a', '/v1/a');
    journaled('other-b', '/v1/b');
    const one = await call('GET', '/__mock/journal?session=other-b', { session: 'other-a' });
    expect(JSON.parse((await textOf(one.answer.body)) ?? '')).toMatchObject([{ url: '/v1/b' }]);
    const every = await call('GET', '/__mock/journal/count?session=*&operationId=listGroups', { session: 'other-a' });
    expect(JSON.parse((await textOf(every.answer.body)) ?? '').count).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['the session of the newest entry', 'har-a', '', 'har-a'],
    ['the session filter', 'har-b', '?session=har-a', 'har-a'],
    ['every session', 'har-c', '?session=*', 'all'],
  ])('writes the journal as a HAR download named after %s', async (_name, session, query, named) => {
    journaled('har-a', '/v1/groups?x=1');
    journaled(session, '/v1/groups');
    const { answer } = await call('GET', `/__mock/journal/har${query}`, { session });
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe(JSON_TYPE);
    expect(answer.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="[^"]*${named === 'all' ? 'all' : named}[^"]*\\.har"$`));
    const text = (await textOf(answer.body)) ?? '';
    // Indented by one space, as before: a file people open.
    expect(text.startsWith('{\n "log": {')).toBe(true);
    const har = JSON.parse(text);
    // Absolute URLs under the public origin and the mount path.
    expect(har.log.entries[0].request.url).toMatch(/^http:\/\/mock\.test\/api\/v1\/groups/);
  });

  it('names an empty journal`s HAR after the X-Mock-Session header', async () => {
    const { answer } = await call('GET', '/__mock/journal/har', { session: 'har-empty' });
    expect(answer.headers['content-disposition']).toContain('har-empty');
  });

  it('patches and removes a stub by its id', async () => {
    await call('POST', '/__mock/stubs', { session: 'stub-by-id', json: { operationId: 'listGroups', status: 503 } });
    const patched = await call('PATCH', '/__mock/stubs/s1', { session: 'stub-by-id', json: { enabled: false } });
    expect(JSON.parse((await textOf(patched.answer.body)) ?? '')).toMatchObject({ id: 's1', enabled: false });
    expect((await call('DELETE', '/__mock/stubs/s1', { session: 'stub-by-id' })).answer).toEqual({ status: 204, headers: {} });
    expect(deps.sessions.use('stub-by-id').stubs.list()).toEqual([]);
  });

  it('drops a session by its name; a cookie names the session too', async () => {
    deps.sessions.use('to-drop');
    expect((await call('DELETE', '/__mock/sessions/to-drop')).answer).toEqual({ status: 204, headers: {} });
    expect(deps.sessions.find('to-drop')).toBeUndefined();
    const { answer } = await call('GET', '/__mock/session', { headers: { cookie: 'mock_session=by-cookie' } });
    expect(JSON.parse((await textOf(answer.body)) ?? '')).toEqual({ name: 'by-cookie', via: 'cookie' });
    const none = await call('GET', '/__mock/session');
    expect(JSON.parse((await textOf(none.answer.body)) ?? '')).toEqual({ name: 'default', via: 'default' });
  });

  it('serves the dashboard page with its Content-Security-Policy', async () => {
    const { answer } = await call('GET', '/__mock/ui');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.headers)).toEqual(['Content-Security-Policy', 'Cache-Control', 'Content-Type']);
    expect(answer.headers).toMatchObject({ 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=utf-8' });
    expect(answer.headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(await textOf(answer.body)).toMatch(/^<!doctype html>/i);
  });

  it('lists every control at its full path, each answered by a route', () => {
    const { controls } = indexControls();
    for (const key of Object.keys(controls)) {
      const [method = '', path = ''] = key.split(' ');
      const found = match(method, path.replace(/\{[^}]+\}/g, 'x1'));
      expect(found && 'route' in found, key).toBe(true);
    }
  });
});

/** The index's body, for the check that each control it lists exists. */
function indexControls(): { controls: Record<string, string> } {
  const route = controlRoutes({ faultCatalog }).find((r) => r.path === '/__mock' && r.method === 'GET')!;
  const answer = route.handle({ session: () => deps.sessions.use('index-list') } as unknown as RouteContext) as RouteAnswer;
  return JSON.parse(answer.body as string) as { controls: Record<string, string> };
}
