/**
 * The login of a page on the worker-only mock (mock.session(name).login) against the server's: the same
 * authorization-code flow, driven step by step (authorize page, consent form, code, token exchange) once
 * through createMock's Fetch handler and once over HTTP against `startMock`, for one seed and a frozen clock.
 * Both issue the same tokens, and user-info answers the same for them: the in-process login is the server's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardianWithEnrolledMembers } from '../../fixtures/datasetQueries.ts';
import { type RunningMock, startMock } from '../node/startMock.ts';
import { type FetchHandler } from './createFetchHandler.ts';
import { createMock, LoginError, type Mock } from './createMock.ts';
import { type LoginOptions, loginThroughFetch } from './loginThroughFetch.ts';

const OPTIONS = { seed: 1, clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } } as const;
const PUBLIC = 'app-agenda-familia';
const CONFIDENTIAL = 'app-diario-escolar';
const SESSION = 'login-test';

let server: RunningMock;
let mock: Mock;
let guardian: string;

/** The server reached over HTTP, with the redirects left to the caller, as a browser's network tab shows them. */
const overHttp: FetchHandler = async (request) => {
  const url = new URL(request.url);
  const body = request.method === 'GET' ? undefined : await request.text();
  return fetch(`${server.url}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body, redirect: 'manual' });
};

beforeAll(async () => {
  server = await startMock({ ...OPTIONS, port: 0 });
  mock = createMock(OPTIONS);
  const user = guardianWithEnrolledMembers(mock.session(SESSION).state.export(), 'colegio-horizonte', '2026');
  if (!user) throw new Error('no guardian with enrolled members in the seeded data');
  guardian = user._id;
});
afterAll(() => server?.close());

/** Logs in on both sides (each in a fresh session of the same name) and reads user-info with each token. */
async function bothSides(session: string, options: Omit<LoginOptions, 'user' | 'origin'>) {
  const login = { ...options, user: guardian, origin: server.url };
  const app = mock
    .session(session)
    .state.export()
    .apps.find((a) => a.manifest.id === options.clientId);
  const headers = { 'x-mock-session': session };
  const [served, inProcess] = await Promise.all([loginThroughFetch(overHttp, headers, app, login), mock.session(session).login(login)]);
  const userInfo = async (handler: FetchHandler, token: string) => {
    const res = await handler(
      new Request(`${server.url}/v1/oauth/user/info?includes=members,groups,community`, { headers: { ...headers, authorization: `Bearer ${token}` } }),
    );
    return { status: res.status, body: await res.text() };
  };
  return {
    served,
    inProcess,
    servedInfo: await userInfo(overHttp, served.access_token),
    inProcessInfo: await userInfo(mock.fetch, inProcess.access_token),
  };
}

describe('mock.session(name).login: the server’s login, through mock.fetch', () => {
  it.each([
    [
      'a public client (PKCE) with the family scopes',
      `${SESSION}-public`,
      PUBLIC,
      ['openid', 'profile', 'fullname', 'related.members', 'related.members.groups'],
    ],
    ['a confidential client with fewer scopes', `${SESSION}-confidential`, CONFIDENTIAL, ['openid', 'profile']],
  ])('%s: the same tokens, scopes and user-info as the server', async (_name, session, clientId, scopes) => {
    const got = await bothSides(session, { clientId, scopes });
    expect(got.inProcess).toEqual(got.served);
    expect(got.inProcess.scope).toBe(scopes.join(' '));
    expect(got.inProcess.refresh_token).toMatch(/^mock_rt_/);
    expect(got.inProcessInfo.status).toBe(200);
    expect(got.inProcessInfo).toEqual(got.servedInfo);
    // The refresh grant answers through mock.fetch as over HTTP, rotating to the same new tokens.
    const refresh = (handler: FetchHandler, token: string) =>
      handler(
        new Request(`${server.url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mock-session': session },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId }),
        }),
      ).then(async (res) => ({ status: res.status, body: await res.text() }));
    if (clientId !== PUBLIC) return;
    const refreshed = await refresh(mock.fetch, got.inProcess.refresh_token as string);
    expect(refreshed.status).toBe(200);
    expect(refreshed).toEqual(await refresh(overHttp, got.served.refresh_token as string));
  });

  it('a narrower consent sees less: user-info without related.members has no Members on either side', async () => {
    const wide = await bothSides(`${SESSION}-wide`, { clientId: PUBLIC, scopes: ['openid', 'profile', 'related.members'] });
    const narrow = await bothSides(`${SESSION}-narrow`, { clientId: PUBLIC, scopes: ['openid', 'profile'] });
    expect(narrow.inProcessInfo).toEqual(narrow.servedInfo);
    expect(JSON.parse(wide.inProcessInfo.body)).toHaveProperty('Members');
    expect(JSON.parse(narrow.inProcessInfo.body)).not.toHaveProperty('Members');
  });

  it.each([
    ['a denied consent', { consent: 'deny' as const }, 'access_denied', /denied/],
    ['an unknown user', { user: 'ffffffffffffffffffffffff' }, 'login_page', /No active user has the id "ffffffffffffffffffffffff"/],
    ['an unknown client', { clientId: 'app-nobody' }, 'login_page', /app-nobody/],
    ['a scope the spec does not have', { scopes: ['openid', 'root'] }, 'invalid_scope', /root/],
  ])('%s: fails as the server does, with its reason', async (_name, change, error, description) => {
    const login: LoginOptions = { clientId: PUBLIC, scopes: ['openid', 'profile'], user: guardian, origin: server.url, ...change };
    const app = mock
      .session('failures')
      .state.export()
      .apps.find((a) => a.manifest.id === login.clientId);
    const served = await loginThroughFetch(
      overHttp,
      { 'x-mock-session': 'failures' },
      app ?? { redirectUris: ['http://localhost:5173/callback'] },
      login,
    ).catch((e: unknown) => e);
    const inProcess = await mock
      .session('failures')
      .login({ ...login, redirectUri: 'http://localhost:5173/callback' })
      .catch((e: unknown) => e);
    expect(inProcess).toBeInstanceOf(LoginError);
    expect(inProcess).toMatchObject({ error, description: expect.stringMatching(description) });
    expect(inProcess).toEqual(served);
  });

  it('serves the consent page and the metadata byte for byte as the server does', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: PUBLIC,
      redirect_uri: 'http://localhost:5173/callback',
      scope: 'openid profile',
      state: 's1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    for (const path of [`/oauth/authorize?${query}`, '/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const headers = { 'x-mock-session': 'pages' };
      const [served, inProcess] = await Promise.all([
        overHttp(new Request(`${server.url}${path}`, { headers })),
        mock.fetch(new Request(`${server.url}${path}`, { headers })),
      ]);
      expect(inProcess.status, path).toBe(served.status);
      for (const name of ['content-type', 'cache-control', 'content-security-policy', 'x-frame-options', 'content-length'])
        expect(inProcess.headers.get(name), `${path} ${name}`).toBe(served.headers.get(name));
      expect(await inProcess.text(), path).toBe(await served.text());
    }
  });

  it('journals the login in the session, as the server does', async () => {
    const session = `${SESSION}-journal`;
    await mock.session(session).login({ clientId: PUBLIC, scopes: ['openid'], user: guardian });
    const entries = mock.session(session).journal.list();
    expect(entries.map((e) => `${e.method} ${e.url.split('?')[0]} ${e.status}`)).toEqual([
      'GET /oauth/authorize 200',
      'POST /oauth/authorize 303',
      'POST /oauth/token 200',
    ]);
  });
});
