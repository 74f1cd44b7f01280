import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../spec/openapi.d.ts';
import { startMock, type MockHarness } from '../testing/startMock.ts';
import { clientSecret, CONFIDENTIAL, guardianId, PUBLIC } from '../testing/oauthKit.ts';

/**
 * The whole authorization-code + PKCE flow driven by oauth4webapi, as a real frontend (public client) and a
 * real backend (confidential client) would: RFC 8414 discovery, authorization URL, the redirect back, the
 * token exchange, a user-info call with the access token, a refresh.
 */
let mock: MockHarness;
let as: oauth.AuthorizationServer;
const insecure = { [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  mock = await startMock();
  const issuer = new URL(mock.baseUrl);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
});
afterAll(async () => {
  expect(mock.violations).toEqual([]);
  await mock.close();
});

/** The authorization request a browser would be sent to. */
async function authorizationUrl(clientId: string, redirectUri: string, scope: string, extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint as string);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scope);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return { url, verifier, state };
}

async function userInfo(accessToken: string, includes: string): Promise<{ status: number; body: UserInfo; violations: string | null }> {
  const res = await oauth.protectedResourceRequest(
    accessToken,
    'GET',
    new URL(`/v1/oauth/user/info?includes=${includes}`, mock.baseUrl),
    new Headers(),
    null,
    insecure,
  );
  return { status: res.status, body: (await res.json()) as UserInfo, violations: res.headers.get('x-contract-violations') };
}

describe('oauth4webapi against the mock', () => {
  it('discovers the server through RFC 8414 metadata', () => {
    expect(as.issuer).toBe(mock.baseUrl);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('a frontend (public client, PKCE, prompt=none redirect followed by hand) gets a token, user-info, and refreshes', async () => {
    const client: oauth.Client = { client_id: PUBLIC };
    const redirectUri = 'http://127.0.0.1:5173/callback';
    const { url, verifier, state } = await authorizationUrl(PUBLIC, redirectUri, 'openid profile related.members related.members.groups', {
      prompt: 'none',
      login_hint: guardianId(mock),
    });

    const authorization = await fetch(url, { redirect: 'manual' });
    expect(authorization.status).toBe(302);
    const callback = new URL(authorization.headers.get('location') as string);
    expect(callback.origin + callback.pathname).toBe(redirectUri);

    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokenResponse = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('openid profile related.members related.members.groups');

    const info = await userInfo(tokens.access_token, 'members,groups,community');
    expect(info.status).toBe(200);
    expect(info.violations).toBeNull();
    expect(info.body.user?.id).toBe(guardianId(mock));
    expect(Object.keys(info.body).sort()).toEqual(['Members', 'user']);
    expect(info.body.Members?.every((m) => Array.isArray(m.groups))).toBe(true);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token as string, insecure),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await userInfo(refreshed.access_token, 'members')).status).toBe(200);
    // Rotation: the first refresh token is spent.
    const replay = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token as string, insecure);
    const failure = await oauth.processRefreshTokenResponse(as, client, replay).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(oauth.ResponseBodyError);
    expect((failure as oauth.ResponseBodyError).error).toBe('invalid_grant');
  });

  it('a backend (confidential client, client_secret_basic) completes the flow through the consent form', async () => {
    const client: oauth.Client = { client_id: CONFIDENTIAL };
    const redirectUri = 'http://localhost:5173/callback';
    const { url, verifier, state } = await authorizationUrl(CONFIDENTIAL, redirectUri, 'openid fullname email related.communities');

    // The browser: the page, then its form posted back with the chosen user and "Allow".
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1] as string, (m[2] as string).replace(/&amp;/g, '&'));
    form.set('user_id', guardianId(mock));
    form.set('decision', 'approve');
    const submitted = await fetch(new URL('/oauth/authorize', mock.baseUrl), { method: 'POST', body: form, redirect: 'manual' });
    expect(submitted.status).toBe(303);

    const params = oauth.validateAuthResponse(as, client, new URL(submitted.headers.get('location') as string), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretBasic(clientSecret(mock)), params, redirectUri, verifier, insecure),
    );
    const info = await userInfo(tokens.access_token, 'community,groups');
    expect(info.status).toBe(200);
    expect(Object.keys(info.body.user ?? {}).sort()).toEqual(['email', 'id', 'name']);
    expect(info.body.community?.community).toBe('colegio-horizonte');
    expect(info.body.groups).toBeUndefined();

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretPost(clientSecret(mock)), tokens.refresh_token as string, insecure),
    );
    expect(refreshed.scope).toBe('openid fullname email related.communities');
  });

  it('a denied consent reaches the client as access_denied', async () => {
    const client: oauth.Client = { client_id: CONFIDENTIAL };
    const { url, state } = await authorizationUrl(CONFIDENTIAL, 'http://localhost:5173/callback', 'openid');
    const html = await (await fetch(url)).text();
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1] as string, (m[2] as string).replace(/&amp;/g, '&'));
    form.set('decision', 'deny');
    const submitted = await fetch(new URL('/oauth/authorize', mock.baseUrl), { method: 'POST', body: form, redirect: 'manual' });
    let error: unknown;
    try {
      oauth.validateAuthResponse(as, client, new URL(submitted.headers.get('location') as string), state);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(oauth.AuthorizationResponseError);
    expect((error as oauth.AuthorizationResponseError).error).toBe('access_denied');
  });

  it('client_credentials gives a backend an app token for operations 2–8', async () => {
    const client: oauth.Client = { client_id: CONFIDENTIAL };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(clientSecret(mock)),
      new URLSearchParams({ community: 'colegio-horizonte' }),
      insecure,
    );
    const tokens = await oauth.processClientCredentialsResponse(as, client, response);
    expect(tokens.refresh_token).toBeUndefined();
    const groups = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL('/v1/groups?limit=2', mock.baseUrl),
      new Headers({ 'community-id': 'colegio-horizonte' }),
      null,
      insecure,
    );
    expect(groups.status).toBe(200);
  });
});
