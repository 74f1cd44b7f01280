import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faultCatalog } from '../faults/catalog.ts';
import { devToken, type MockHarness, startMock } from '../testing/startMock.ts';

let mock: MockHarness;
let community: string;
let token: string;
beforeAll(async () => {
  mock = await startMock({ faultCatalog });
  community = mock.deps.store.communities()[0]!.id;
  token = devToken(mock.deps, community, 'coordenator');
});
afterAll(async () => {
  await mock.close();
});
beforeEach(async () => {
  await mock.call('DELETE', '/__mock/stubs');
  await mock.call('DELETE', '/__mock/journal');
});

const addStub = async (stub: unknown): Promise<any> => {
  const res = await mock.call<any>('POST', '/__mock/stubs', { body: stub });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const listGroups = () => mock.call<any>('GET', '/v1/groups', { token, community });

/** A raw node:http request: how the connection ended, as a client sees it. */
function rawGet(
  path: string,
  options: { abortAfterMs?: number } = {},
): Promise<{ outcome: 'answered' | 'error'; code?: string; status?: number; body?: string }> {
  return new Promise((resolve) => {
    const url = new URL(path, mock.baseUrl);
    const req = httpRequest(url, { headers: { authorization: `Bearer ${token}`, 'community-id': community } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ outcome: 'answered', status: res.statusCode, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ outcome: 'error', code: error.code, status: res.statusCode, body }));
      res.on('aborted', () => resolve({ outcome: 'error', code: 'ABORTED', status: res.statusCode, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ outcome: 'error', code: error.code }));
    if (options.abortAfterMs !== undefined)
      setTimeout(() => req.destroy(Object.assign(new Error('gave up'), { code: 'CLIENT_GAVE_UP' })), options.abortAfterMs);
    req.end();
  });
}

describe('stubs through a real client, one per action', () => {
  it('a status with a body and headers, for the next N requests, then the stateful mock again', async () => {
    const stub = await addStub({ operationId: 'listGroups', status: 503, body: { title: 'down' }, headers: { 'Retry-After': '2' }, times: 2 });
    expect(stub).toMatchObject({ id: expect.stringMatching(/^s\d+$/), remaining: 2, matched: 0, enabled: true });
    const first = await listGroups();
    expect([first.status, first.body, first.headers.get('retry-after'), first.headers.get('x-mock-stub')]).toEqual([503, { title: 'down' }, '2', stub.id]);
    // A page of another origin reads them too (they are not CORS-safelisted).
    const crossOrigin = await mock.call('GET', '/v1/groups', { token, community, headers: { origin: 'http://localhost:5173' } });
    expect(crossOrigin.status).toBe(503);
    expect(crossOrigin.headers.get('access-control-expose-headers')).toMatch(/Retry-After.*X-Mock-Stub/);
    expect((await listGroups()).status).toBe(200);
    const listed = (await mock.call<any>('GET', '/__mock/stubs')).body.stubs;
    expect(listed).toEqual([expect.objectContaining({ id: stub.id, matched: 2, remaining: 0 })]);
    expect(mock.violations).toEqual([]);
  });

  it('an undocumented status is answered, and marked outside the contract in X-Mock-Warnings and the journal', async () => {
    await addStub({ operationId: 'listGroups', status: 418, body: { teapot: true } });
    const res = await listGroups();
    expect(res.status).toBe(418);
    expect(res.headers.get('x-mock-warnings')).toMatch(/outside the contract: status 418 is not documented for listGroups/);
    expect(res.headers.get('x-contract-violations')).toBeNull();
    const [entry] = (await mock.call<any>('GET', '/__mock/journal?operationId=listGroups')).body;
    expect(entry).toMatchObject({ status: 418, stub: { id: expect.any(String) }, outsideContract: ['status 418 is not documented for listGroups'] });
    expect(entry.violations).toBeUndefined();
  });

  it('a body from the spec examples', async () => {
    const res0 = await mock.call<any>('GET', '/v1/groups', { token, community, headers: { prefer: 'code=200' } });
    await addStub({ operationId: 'listGroups', example: true, status: 200 });
    const res = await listGroups();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(res0.body);
    expect(res.headers.get('x-mock-warnings')).toBeNull();
  });

  it('a delay alone delays the stateful answer', async () => {
    await addStub({ operationId: 'listGroups', delayMs: 150, times: 1 });
    const started = performance.now();
    const res = await listGroups();
    // A lower bound only: a loaded machine makes it longer, never shorter.
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
    expect(res.body.groups ?? res.body).toBeDefined();
  });

  it('a reset closes the connection unanswered: the client sees a socket error, fetch rejects', async () => {
    await addStub({ operationId: 'listGroups', fault: 'reset', times: 2 });
    const raw = await rawGet('/v1/groups');
    expect(raw.outcome).toBe('error');
    expect(['ECONNRESET', 'ECONNREFUSED', 'EPIPE']).toContain(raw.code);
    await expect(fetch(`${mock.baseUrl}/v1/groups`, { headers: { authorization: `Bearer ${token}`, 'community-id': community } })).rejects.toThrow(TypeError);
    const entry = (await mock.call<any>('GET', '/__mock/journal?operationId=listGroups')).body.at(-1);
    expect(entry.stub).toEqual({ id: expect.any(String), fault: 'reset' });
  });

  it('a hang answers nothing until the client gives up', async () => {
    await addStub({ operationId: 'listGroups', fault: 'hang', times: 1 });
    const raw = await rawGet('/v1/groups', { abortAfterMs: 300 });
    expect(raw).toEqual({ outcome: 'error', code: 'CLIENT_GAVE_UP' });
    const controller = new AbortController();
    await addStub({ operationId: 'listGroups', fault: 'hang', times: 1 });
    const pending = fetch(`${mock.baseUrl}/v1/groups`, { headers: { authorization: `Bearer ${token}`, 'community-id': community }, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it('a hang bounded by hangMs resets the connection once it passes', async () => {
    await addStub({ operationId: 'listGroups', fault: 'hang', hangMs: 50, times: 1 });
    const raw = await rawGet('/v1/groups', { abortAfterMs: 30_000 });
    expect(raw.outcome).toBe('error');
    expect(raw.code).not.toBe('CLIENT_GAVE_UP');
  });

  it('a truncated body: the head promises more than arrives, and reading it fails', async () => {
    await addStub({ operationId: 'listGroups', fault: 'truncate', status: 200, body: { groups: [{ name: 'x'.repeat(200) }] }, times: 2 });
    const raw = await rawGet('/v1/groups');
    expect(raw.outcome).toBe('error');
    expect(raw.status).toBe(200);
    expect(raw.body!.length).toBeGreaterThan(0);
    expect(raw.body!.length).toBeLessThan(JSON.stringify({ groups: [{ name: 'x'.repeat(200) }] }).length);
    const res = await fetch(`${mock.baseUrl}/v1/groups`, { headers: { authorization: `Bearer ${token}`, 'community-id': community } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});

describe('the stub controls', () => {
  it('lists, switches off and on, removes, and refuses what is wrong with a 400 that names it', async () => {
    const stub = await addStub({ operationId: 'listGroups', status: 500 });
    expect((await mock.call('PATCH', `/__mock/stubs/${stub.id}`, { body: { enabled: false } })).status).toBe(200);
    expect((await listGroups()).status).toBe(200);
    await mock.call('PATCH', `/__mock/stubs/${stub.id}`, { body: { enabled: true } });
    expect((await listGroups()).status).toBe(500);
    expect((await mock.call('DELETE', `/__mock/stubs/${stub.id}`)).status).toBe(204);
    expect((await mock.call('DELETE', `/__mock/stubs/${stub.id}`)).status).toBe(404);
    expect((await listGroups()).status).toBe(200);
    const bad = await mock.call<any>('POST', '/__mock/stubs', { body: { operationId: 'listGroups', status: 503, retry: 2 } });
    expect([bad.status, bad.body.detail]).toEqual([400, expect.stringContaining('Unknown key "retry"')]);
    expect((await mock.call<any>('GET', '/__mock/stubs')).body.stubs).toEqual([]);
  });

  it('stubs are per session: another session keeps the stateful answers', async () => {
    await mock.call('POST', '/__mock/stubs', { body: { operationId: 'listGroups', status: 503 }, headers: { 'x-mock-session': 'alice' } });
    expect((await mock.call('GET', '/v1/groups', { token, community, headers: { 'x-mock-session': 'alice' } })).status).toBe(503);
    expect((await listGroups()).status).toBe(200);
    await mock.call('DELETE', '/__mock/stubs', { headers: { 'x-mock-session': 'alice' } });
  });

  it('PUT /__mock/faults with a status says to add a stub instead', async () => {
    const res = await mock.call<any>('PUT', '/__mock/faults', { body: { status: 503 } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('POST /__mock/stubs {"status":503}');
  });

  it('Prefer: code= with an undocumented status stays a 406, and names the stub that would answer it', async () => {
    const res = await mock.call<any>('GET', '/v1/groups', { token, community, headers: { prefer: 'code=418' } });
    expect(res.status).toBe(406);
    expect(res.body.detail).toContain('POST /__mock/stubs');
  });
});
