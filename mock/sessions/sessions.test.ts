import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultCatalog } from '../faults/catalog.ts';
import { CONFIDENTIAL, clientSecret, COMMUNITY, guardianId, REDIRECT } from '../testing/oauthKit.ts';
import { devToken, type MockHarness, startMock } from '../testing/startMock.ts';

let mock: MockHarness;
let token: string;
let wall = 0;

beforeAll(async () => {
  mock = await startMock({ maxSessions: 3, sessionIdleMinutes: 10, wallClock: () => wall, faultCatalog });
  token = devToken(mock.deps, COMMUNITY, 'coordenator');
});
afterAll(async () => {
  expect(mock.violations).toEqual([]);
  await mock.close();
});

const as = (session: string | undefined): Record<string, string> => (session === undefined ? {} : { 'x-mock-session': session });
const upload = (session: string | undefined, alias: string) =>
  mock.call<any>('POST', `/v2/sync/run-${alias}/uploadEntities`, {
    token,
    community: COMMUNITY,
    headers: as(session),
    body: { groups: { data: [{ alias, name: `Turma ${alias}`, season: '2026' }] } },
  });
const search = async (session: string | undefined, alias: string) =>
  (await mock.call<any>('GET', '/v1/groups/search', { token, community: COMMUNITY, headers: as(session), query: { alias } })).body.total as number;
const approve = (session: string | undefined) =>
  mock.call<any>('POST', `/v1/appmaker/apps/app-boletim-plus/installations/${COMMUNITY}/approve`, { token, community: COMMUNITY, headers: as(session) });
const drop = async (...names: string[]) => {
  for (const name of names) await mock.call('DELETE', `/__mock/sessions/${name}`);
};

describe('sessions (X-Mock-Session)', () => {
  it('a write in one session is seen there only: not in another, not in the default session', async () => {
    expect((await upload('alice', 'only-alice')).status).toBe(200);
    expect(await search('alice', 'only-alice')).toBe(1);
    expect(await search('bob', 'only-alice')).toBe(0);
    expect(await search(undefined, 'only-alice')).toBe(0);
    expect(mock.deps.store.groupByAlias(COMMUNITY, 'only-alice')).toBeUndefined();
    await drop('alice', 'bob');
  });

  it('the default session behaves as a mock without sessions: no header, or the name "default"', async () => {
    await upload(undefined, 'in-default');
    expect(await search(undefined, 'in-default')).toBe(1);
    expect(await search('default', 'in-default')).toBe(1);
    expect(mock.deps.store.groupByAlias(COMMUNITY, 'in-default')).toBeDefined();
    expect(await search('carol', 'in-default')).toBe(0);
    await mock.call('POST', '/__mock/reset');
    expect(await search(undefined, 'in-default')).toBe(0);
    await drop('carol');
  });

  it('installation approvals are per session', async () => {
    expect((await approve('alice')).status).toBe(200);
    expect((await approve('alice')).status).toBe(409);
    expect((await approve('bob')).status).toBe(200);
    expect(mock.deps.store.installation('app-boletim-plus', COMMUNITY)?.status).toBe('pending_approval');
    await drop('alice', 'bob');
  });

  it('OAuth codes and the tokens they give belong to the session that issued them', async () => {
    const query = {
      response_type: 'code',
      client_id: CONFIDENTIAL,
      redirect_uri: REDIRECT,
      scope: 'openid profile',
      state: 's',
      prompt: 'none',
      login_hint: guardianId(mock),
    };
    const authorized = await mock.call('GET', '/oauth/authorize', { query, headers: as('alice') });
    const code = new URL(authorized.headers.get('location') as string).searchParams.get('code') as string;
    const exchange = (session: string | undefined) =>
      mock.call<any>('POST', '/oauth/token', {
        rawBody: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          client_id: CONFIDENTIAL,
          client_secret: clientSecret(mock),
        }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        headers: as(session),
      });
    const elsewhere = await exchange('bob');
    expect([elsewhere.status, elsewhere.body.error]).toEqual([400, 'invalid_grant']);
    const issued = await exchange('alice');
    expect(issued.status).toBe(200);
    const userInfo = (session: string | undefined) => mock.call('GET', '/v1/oauth/user/info', { token: issued.body.access_token, headers: as(session) });
    expect((await userInfo('alice')).status).toBe(200);
    expect((await userInfo('bob')).status).toBe(401);
    expect((await userInfo(undefined)).status).toBe(401);
    await drop('alice', 'bob');
  });

  it("the default session's tokens work in every session, a named session's only in it", async () => {
    const query = {
      response_type: 'code',
      client_id: CONFIDENTIAL,
      redirect_uri: REDIRECT,
      scope: 'openid profile',
      state: 's',
      prompt: 'none',
      login_hint: guardianId(mock),
    };
    const authorized = await mock.call('GET', '/oauth/authorize', { query });
    const code = new URL(authorized.headers.get('location') as string).searchParams.get('code') as string;
    const issued = await mock.call<any>('POST', '/oauth/token', {
      rawBody: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: CONFIDENTIAL,
        client_secret: clientSecret(mock),
      }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(issued.status).toBe(200);
    const userInfo = (session: string | undefined) => mock.call('GET', '/v1/oauth/user/info', { token: issued.body.access_token, headers: as(session) });
    expect((await userInfo(undefined)).status).toBe(200);
    expect((await userInfo('carol')).status).toBe(200);
    expect((await mock.call('GET', '/v1/oauth/user/info', { token: 'not-a-token', headers: as('carol') })).status).toBe(401);
    await drop('carol');
  });

  it('clock, latency, faults and journal are per session', async () => {
    await mock.call('PUT', '/__mock/clock', { headers: as('alice'), body: { now: '2030-01-01T00:00:00.000Z' } });
    await mock.call('PUT', '/__mock/latency', { headers: as('alice'), body: { ms: 5 } });
    expect((await mock.call('PUT', '/__mock/faults', { headers: as('alice'), body: { active: ['ignore-active-filter'] } })).status).toBe(200);
    await mock.call('DELETE', '/__mock/journal', { headers: as('bob') });
    await mock.call('GET', '/v1/groups', { token, community: COMMUNITY, headers: as('alice'), query: { limit: 1 } });

    expect((await mock.call<any>('GET', '/__mock/clock', { headers: as('alice') })).body.now).toBe('2030-01-01T00:00:00.000Z');
    expect((await mock.call<any>('GET', '/__mock/clock', { headers: as('bob') })).body.now).toBe('2026-03-01T12:00:00.000Z');
    expect(mock.clock.iso()).toBe('2026-03-01T12:00:00.000Z');
    expect((await mock.call<any>('GET', '/__mock/latency', { headers: as('bob') })).body).toEqual({ ms: 0, jitterMs: 0, rules: [] });
    expect((await mock.call<any>('GET', '/__mock/faults', { headers: as('bob') })).body.active).toEqual([]);
    expect((await mock.call<any>('GET', '/__mock/faults')).body.active).toEqual([]);
    const inactive = (session: string) =>
      mock.call<any[]>('GET', '/v1/groups', { token, community: COMMUNITY, headers: as(session), query: { active: false, limit: 1000 } });
    expect((await inactive('bob')).body.every((g) => g.active === false)).toBe(true);
    expect((await inactive('alice')).body.some((g) => g.active === true)).toBe(true);
    const journal = (session: string) => mock.call<any[]>('GET', '/__mock/journal', { headers: as(session) });
    expect((await journal('alice')).body.map((e) => e.operationId)).toEqual(['listGroups', 'listGroups']);
    expect((await journal('bob')).body.map((e) => e.operationId)).toEqual(['listGroups']);
    await drop('alice', 'bob');
  });

  it('reset, export and import act on the named session only', async () => {
    await upload('alice', 'kept');
    const exported = await mock.call('GET', '/__mock/state', { headers: as('alice') });
    expect(JSON.parse(exported.text).groups.some((g: { alias: string }) => g.alias === 'kept')).toBe(true);
    expect((await mock.call('PUT', '/__mock/state', { headers: as('bob'), rawBody: exported.text, contentType: 'application/json' })).status).toBe(204);
    expect(await search('bob', 'kept')).toBe(1);
    expect((await mock.call('POST', '/__mock/reset', { headers: as('alice') })).status).toBe(204);
    expect(await search('alice', 'kept')).toBe(0);
    expect(await search('bob', 'kept')).toBe(1);
    expect(await search(undefined, 'kept')).toBe(0);
    await drop('alice', 'bob');
  });

  it('lists sessions with their writes and memory, and drops one', async () => {
    await upload('alice', 'listed');
    await search('bob', 'x');
    const { sessions } = (await mock.call<any>('GET', '/__mock/sessions')).body;
    expect(sessions.map((s: { name: string }) => s.name)).toEqual(['default', 'alice', 'bob']);
    const alice = sessions[1];
    expect(alice).toMatchObject({ name: 'alice', createdAt: expect.any(String), lastUsedAt: expect.any(String) });
    expect(alice.writes).toBeGreaterThan(0);
    expect(alice.memoryBytes).toBeGreaterThan(sessions[2].memoryBytes);
    expect((await mock.call('DELETE', '/__mock/sessions/alice')).status).toBe(204);
    expect((await mock.call('DELETE', '/__mock/sessions/alice')).status).toBe(404);
    expect((await mock.call('DELETE', '/__mock/sessions/default')).status).toBe(409);
    expect(await search('alice', 'listed')).toBe(0);
    await drop('alice', 'bob');
  });

  it.each([
    ['too long', 'x'.repeat(65)],
    ['a space', 'a b'],
    ['a slash', 'a/b'],
    ['empty', ''],
    ['not ASCII', 'sessão'],
  ])('refuses a name with %s: 400 problem, nothing created', async (_why, name) => {
    const res = await mock.call<any>('GET', '/v1/groups', {
      token,
      community: COMMUNITY,
      headers: { 'x-mock-session': encodeURIComponent(name) === name ? name : encodeURIComponent(name) + ' ' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(res.body.code).toBe('invalid_session');
    expect((await mock.call<any>('GET', '/__mock/sessions')).body.sessions).toHaveLength(1);
  });

  it('a browser picks a session with a cookie; the header wins over it', async () => {
    const picked = await mock.call<any>('PUT', '/__mock/session', { body: { name: 'browser' } });
    expect(picked.status).toBe(200);
    const cookie = picked.headers.get('set-cookie') as string;
    expect(cookie).toMatch(/^mock_session=browser; Path=\/; HttpOnly; SameSite=Lax$/);
    const jar = { cookie: cookie.split(';')[0] as string };
    await upload('browser', 'by-cookie');
    expect((await mock.call<any>('GET', '/v1/groups/search', { token, community: COMMUNITY, headers: jar, query: { alias: 'by-cookie' } })).body.total).toBe(1);
    expect((await mock.call<any>('GET', '/__mock/session', { headers: jar })).body).toEqual({ name: 'browser', via: 'cookie' });
    expect((await mock.call<any>('GET', '/__mock/session', { headers: { ...jar, 'x-mock-session': 'other' } })).body).toEqual({ name: 'other', via: 'header' });
    expect((await mock.call<any>('GET', '/__mock/session')).body).toEqual({ name: 'default', via: 'default' });
    expect((await mock.call('DELETE', '/__mock/session')).headers.get('set-cookie')).toMatch(/Max-Age=0/);
    await drop('browser', 'other');
  });

  it('at the cap a new session is a 429 problem with Retry-After; idle ones are dropped', async () => {
    for (const name of ['s1', 's2', 's3']) expect((await search(name, 'x')) >= 0).toBe(true);
    const refused = await mock.call<any>('GET', '/v1/groups', { token, community: COMMUNITY, headers: as('s4') });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_sessions');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await mock.call<any>('GET', '/__mock/sessions')).body.sessions).toHaveLength(4);
    // Existing sessions still answer.
    expect((await mock.call('GET', '/v1/groups', { token, community: COMMUNITY, headers: as('s1') })).status).toBe(200);
    wall += 5 * 60_000;
    await search('s1', 'x');
    wall += 6 * 60_000;
    // s2 and s3 have been idle 11 minutes (> 10), s1 6 minutes: making s4 drops the two.
    expect((await mock.call('GET', '/v1/groups', { token, community: COMMUNITY, headers: as('s4') })).status).toBe(200);
    expect((await mock.call<any>('GET', '/__mock/sessions')).body.sessions.map((s: { name: string }) => s.name)).toEqual(['default', 's1', 's4']);
    expect(mock.sessions.evictIdle()).toEqual([]);
    wall += 11 * 60_000;
    expect(mock.sessions.evictIdle()).toEqual(['s1', 's4']);
  });

  it('sessions written to concurrently keep to themselves', async () => {
    const names = ['c1', 'c2', 'c3'];
    await Promise.all(names.flatMap((name) => [0, 1, 2, 3].map((i) => upload(name, `${name}-g${i}`))));
    for (const name of names) {
      const own = await mock.call<any>('GET', '/v1/groups/search', { token, community: COMMUNITY, headers: as(name), query: { q: `${name}-g`, limit: 100 } });
      expect(own.body.total).toBe(4);
      for (const other of names.filter((n) => n !== name)) expect(await search(other, `${name}-g0`)).toBe(0);
    }
    await drop(...names);
  });
});
