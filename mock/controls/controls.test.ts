import { describe, expect, it } from 'vitest';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
let community: string;
let token: string;
useMock('file', (fx) => ({ mock, community, token } = fx));

const body = (run: string) => ({ groups: { data: [{ alias: `ctl-${run}`, name: 'Controle', season: '2026' }] } });

describe('/__mock controls', () => {
  it('lists the controls and the seed', async () => {
    const res = await mock.call<any>('GET', '/__mock');
    expect(res.status).toBe(200);
    expect(res.body.seed).toBe(1);
    expect(Object.keys(res.body.controls)).toContain('POST /__mock/reset');
  });

  it('reset goes back to the seeded data', async () => {
    const before = await mock.call('GET', '/__mock/state');
    await mock.call('POST', '/v2/sync/r1/uploadEntities', { token, community, body: body('a') });
    expect(mock.deps.store.groupByAlias(community, 'ctl-a')).toBeDefined();
    expect((await mock.call('POST', '/__mock/reset')).status).toBe(204);
    expect(mock.deps.store.groupByAlias(community, 'ctl-a')).toBeUndefined();
    expect((await mock.call('GET', '/__mock/state')).text).toBe(before.text);
  });

  it('export then import restores a state', async () => {
    await mock.call('POST', '/v2/sync/r2/uploadEntities', { token, community, body: body('b') });
    const saved = (await mock.call('GET', '/__mock/state')).text;
    await mock.call('POST', '/__mock/reset');
    const res = await mock.call('PUT', '/__mock/state', { rawBody: saved, contentType: 'application/json' });
    expect(res.status).toBe(204);
    expect(mock.deps.store.groupByAlias(community, 'ctl-b')).toBeDefined();
    await mock.call('POST', '/__mock/reset');
  });

  it.each([
    ['not JSON', { rawBody: '{', contentType: 'application/json' }],
    ['not a state', { body: { groups: 'x' } }],
  ])('import refuses %s and keeps the state', async (_name, options) => {
    const before = mock.deps.store.snapshot();
    const res = await mock.call<any>('PUT', '/__mock/state', options);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(mock.deps.store.snapshot()).toEqual(before);
  });

  it('reads, sets and advances the clock; writes take its time', async () => {
    expect((await mock.call<any>('GET', '/__mock/clock')).body).toEqual({ now: '2026-03-01T12:00:00.000Z', frozen: true });
    await mock.call('PUT', '/__mock/clock', { body: { now: '2027-05-01T08:00:00.000Z' } });
    const advanced = await mock.call<any>('POST', '/__mock/clock/advance', { body: { seconds: 90 } });
    expect(advanced.body.now).toBe('2027-05-01T08:01:30.000Z');
    await mock.call('POST', '/v2/sync/r3/uploadEntities', { token, community, body: body('c') });
    expect(mock.deps.store.groupByAlias(community, 'ctl-c')?.syncedAt).toBe('2027-05-01T08:01:30.000Z');
    expect((await mock.call('PUT', '/__mock/clock', { body: { now: 'amanhã' } })).status).toBe(400);
    expect((await mock.call('POST', '/__mock/clock/advance', { body: { ms: -5 } })).status).toBe(400);
    await mock.call('PUT', '/__mock/clock', { body: { now: '2026-03-01T12:00:00.000Z' } });
    await mock.call('POST', '/__mock/reset');
  });

  it('keeps a journal of API requests', async () => {
    await mock.call('DELETE', '/__mock/journal');
    await mock.call('GET', '/v1/groups', { token, community, query: { limit: 1 } });
    await mock.call('GET', '/v1/groups', { community });
    const journal = (await mock.call<any[]>('GET', '/__mock/journal')).body;
    expect(journal.map((e) => [e.method, e.operationId, e.status])).toEqual([
      ['GET', 'listGroups', 200],
      ['GET', 'listGroups', 401],
    ]);
    expect((await mock.call<any[]>('GET', '/__mock/journal', { query: { limit: 1 } })).body).toHaveLength(1);
  });

  it('adds latency when asked', async () => {
    await mock.call('PUT', '/__mock/latency', { body: { ms: 150 } });
    const started = performance.now();
    await mock.call('GET', '/v1/groups', { token, community, query: { limit: 1 } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await mock.call('PUT', '/__mock/latency', { body: { ms: 0 } });
    expect((await mock.call('PUT', '/__mock/latency', { body: { ms: -1 } })).status).toBe(400);
  });

  it('lists the development tokens', async () => {
    const tokens = (await mock.call<any[]>('GET', '/__mock/tokens')).body;
    expect(tokens.map((t) => t.token)).toContain(token);
  });

  it('refuses unknown faults', async () => {
    expect((await mock.call('PUT', '/__mock/faults', { body: { active: ['no-such-fault'] } })).status).toBe(400);
  });
});

describe('Prefer (as Prism)', () => {
  it.each([
    ['code=404', 'listGroups', '/v1/groups', 'code=403', 403, 'application/problem+json'],
    ['example by name', 'listGroups', '/v1/groups', 'example=empty', 200, 'application/json'],
    ['code and example', 'approve', '/v1/appmaker/apps/x/installations/C/approve', 'code=409, example=notPending', 409, 'application/problem+json'],
  ])('%s answers the spec example without touching state', async (_name, _op, path, prefer, status, type) => {
    const before = mock.deps.store.snapshot();
    const method = path.endsWith('approve') ? 'POST' : 'GET';
    const res = await mock.call<any>(method, path.replace('/C/', `/${community}/`), { token, community, headers: { prefer } });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain(type);
    if (prefer === 'example=empty') expect(res.body).toEqual([]);
    expect(mock.deps.store.snapshot()).toEqual(before);
  });
  it('still authenticates and validates first', async () => {
    expect((await mock.call('GET', '/v1/groups', { community, headers: { prefer: 'code=200' } })).status).toBe(401);
  });
  it('an undocumented code or unknown example is a 406 naming what exists', async () => {
    const res = await mock.call<any>('GET', '/v1/groups', { token, community, headers: { prefer: 'example=nope' } });
    expect(res.status).toBe(406);
    expect(res.body.detail).toContain('200:twoClasses');
  });
});

describe('HTTP edges', () => {
  it('answers CORS preflights without auth and exposes the headers a client reads', async () => {
    const pre = await mock.call('OPTIONS', '/v1/groups', {
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,community-id' },
    });
    expect(pre.status).toBe(204);
    // Any origin, without credentials: a bearer token is a plain header (mock/http/cors.test.ts has the rest).
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization,community-id');
    const res = await mock.call('GET', '/v1/groups', { token, community, headers: { origin: 'http://localhost:5173' } });
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
  });
  it.each([
    ['an unknown path', 'GET', '/v9/nothing', 404],
    ['a known path with another method', 'DELETE', '/v1/groups', 405],
  ])('%s is a problem', async (_name, method, path, status) => {
    const res = await mock.call<any>(method, path, { token, community });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
  it('reports unknown query parameters in X-Mock-Warnings', async () => {
    const res = await mock.call('GET', '/v1/groups', { token, community, query: { limite: 3 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-warnings')).toBe('unknown query parameter "limite" (ignored)');
  });
  it('sends no ETag and no X-Powered-By', async () => {
    const res = await mock.call('GET', '/v1/groups', { token, community });
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
