import { describe, expect, it } from 'vitest';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';
import { PUBLIC } from '../testing/oauthKit.ts';

let mock: MockHarness;
let community: string;
let token: string;
let secret: string;
useMock('test', (fx) => ({ mock, community, token, secret } = fx));

const journal = (query: Record<string, string | number> = {}, headers: Record<string, string> = {}) =>
  mock.call<any[]>('GET', '/__mock/journal', { query, headers }).then((r) => r.body);
const count = (pattern: unknown, headers: Record<string, string> = {}) => mock.call<any>('POST', '/__mock/journal/count', { body: pattern, headers });

describe('the journal', () => {
  it('keeps request and response headers and bodies, the session and the operationId', async () => {
    const upload = { groups: { data: [{ alias: 'j-1', name: 'Journal', season: '2026' }] } };
    await mock.call('POST', '/v2/sync/j1/uploadEntities', { token, community, body: upload });
    const [entry] = await journal();
    expect(entry).toMatchObject({
      method: 'POST',
      url: '/v2/sync/j1/uploadEntities',
      path: '/v2/sync/j1/uploadEntities',
      operationId: 'uploadSyncEntities',
      session: 'default',
      status: 200,
      request: { body: upload, headers: { 'community-id': community, 'content-type': 'application/json' } },
      response: { headers: { 'content-type': expect.stringMatching(/json/) } },
    });
    expect(entry.response.body).toEqual(expect.objectContaining({}));
    expect(entry.request.headers.authorization).toMatch(/^Bearer \*\*\*.{4}$/);
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('masks secret fields, client secrets, codes and tokens', async () => {
    await mock.call('POST', '/v1/@platform:data:Users:getUpdatedAfter', { body: { secret, data: { after: '2020-01-01T00:00:00.000Z', limit: 1 } } });
    await mock.call('POST', '/oauth/token', {
      rawBody: `grant_type=authorization_code&client_id=${PUBLIC}&code=abcdefghijklmnopqrstuvwxyz&code_verifier=verifierverifierverifier`,
      contentType: 'application/x-www-form-urlencoded',
    });
    const app = mock.deps.store.apps().find((a) => a.clientSecret)!;
    await mock.call('POST', '/oauth/token', {
      rawBody: 'grant_type=client_credentials',
      contentType: 'application/x-www-form-urlencoded',
      headers: { authorization: `Basic ${Buffer.from(`${app.manifest.id}:${app.clientSecret}`).toString('base64')}` },
    });
    const entries = await journal();
    const text = JSON.stringify(entries);
    expect(entries[0].request.body.secret).toMatch(/^\*\*\*/);
    expect(entries[1].request.body).toMatch(/code=\*\*\*wxyz&code_verifier=\*\*\*/);
    expect(entries[2].request.headers.authorization).toMatch(/^Basic \*\*\*/);
    expect(entries[2].response.body.access_token).toMatch(/^\*\*\*/);
    for (const leaked of [secret, 'abcdefghijklmnopqrstuvwxyz', 'verifierverifierverifier', app.clientSecret as string]) expect(text).not.toContain(leaked);
  });

  it.each([
    ['a long page of groups', '/v1/groups?limit=100'],
    ['one group', '/v1/groups?limit=1'],
  ])('keeps the answer as it was sent: %s', async (_name, path) => {
    const sent = await mock.call('GET', path, { token, community });
    const text = JSON.stringify(sent.body);
    const [entry] = await journal({ path: '/v1/groups' });
    expect(entry.response.size).toBe(Buffer.byteLength(text));
    expect(entry.response.headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(entry.response.headers['content-type']).toBe('application/json; charset=utf-8');
    if (Buffer.byteLength(text) > 8 * 1024) {
      expect(entry.response.truncated).toBe(true);
      expect(text.startsWith(entry.response.body)).toBe(true);
      expect(Buffer.byteLength(entry.response.body)).toBeLessThanOrEqual(8 * 1024);
    } else {
      expect(entry.response.body).toEqual(sent.body);
    }
  });

  it('bounds the bodies it keeps', async () => {
    await mock.call('POST', '/v2/sync/big/uploadEntities', {
      token,
      community,
      body: { groups: { data: [{ alias: 'big', name: 'x'.repeat(1_100_000), season: '2026' }] } },
    });
    const [entry] = await journal();
    expect(entry.request.truncated).toBe(true);
    expect(entry.request.size).toBeGreaterThan(1_100_000);
    expect(entry.request.body.length).toBeLessThanOrEqual(1024 * 1024);
  });

  it.each([
    ['operationId', { operationId: 'getGroup' }, 1],
    ['method', { method: 'post' }, 1],
    ['path', { path: '/v1/groups' }, 2],
    ['path glob', { path: '/v1/groups/*' }, 2],
    ['status', { status: 401 }, 1],
    ['status class', { status: '4xx' }, 2],
    ['session', { session: 'alice' }, 1],
    ['every session', { session: '*' }, 6],
    ['since', { since: 4 }, 1],
  ])('filters by %s', async (_name, query, want) => {
    const seq = (await journal({ session: '*' })).length;
    expect(seq).toBe(0);
    const id = (await mock.call<any>('GET', '/v1/groups', { token, community, query: { limit: 1 } })).body[0]._id;
    await mock.call('DELETE', '/__mock/journal');
    await mock.call('GET', '/v1/groups', { token, community, query: { limit: 1 } });
    await mock.call('GET', '/v1/groups', { community });
    await mock.call('GET', `/v1/groups/${id}`, { token, community });
    await mock.call('GET', '/v1/groups/search', { token, community, query: { q: 'zzzz-nothing' } });
    await mock.call('POST', '/v1/@platform:data:Users:getUpdatedAfter', { body: {} });
    await mock.call('GET', '/v1/groups/search', { token, community, query: { q: 'x' }, headers: { 'x-mock-session': 'alice' } });
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const since: Record<string, string> = q.since ? { since: String((await journal({ session: '*' }))[0].seq + Number(q.since) - 1) } : {};
    const got = await journal({ ...q, ...since });
    expect(got).toHaveLength(want);
    expect((await count({ ...query, ...since })).body).toEqual({ count: want });
  });

  it('acts on the session the request names', async () => {
    await mock.call('GET', '/v1/groups', { token, community, headers: { 'x-mock-session': 'bob' } });
    await mock.call('GET', '/v1/groups', { token, community });
    expect(await journal({}, { 'x-mock-session': 'bob' })).toHaveLength(1);
    expect(await journal()).toHaveLength(1);
    expect((await mock.call('DELETE', '/__mock/journal', { headers: { 'x-mock-session': 'bob' } })).status).toBe(204);
    expect(await journal({ session: '*' })).toHaveLength(1);
  });

  it('answers one entry by its sequence number', async () => {
    await mock.call('GET', '/v1/groups', { token, community });
    const [entry] = await journal();
    expect((await mock.call<any>('GET', `/__mock/journal/${entry.seq}`)).body).toEqual(entry);
    expect((await mock.call('GET', '/__mock/journal/999999')).status).toBe(404);
  });

  it.each([
    ['an unknown filter', { operationID: 'x' }],
    ['a bad status', { status: 'oops' }],
    ['a bad since', { since: -1 }],
    ['not an object', [1]],
  ])('refuses %s with a 400 problem', async (_name, pattern) => {
    const res = await count(pattern);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('does not journal the controls', async () => {
    await mock.call('GET', '/__mock/clock');
    expect(await journal({ session: '*' })).toEqual([]);
  });
});
