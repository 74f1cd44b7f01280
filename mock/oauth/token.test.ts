import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockHarness } from '../testing/startMock.ts';
import { clientSecret, codeFor, COMMUNITY, CONFIDENTIAL, PUBLIC, REDIRECT, tokenRequest, tokensFor } from '../testing/oauthKit.ts';

let mock: MockHarness;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  expect(mock.violations).toEqual([]);
  await mock.close();
});

const userInfo = (token: string) => mock.call('GET', '/v1/oauth/user/info', { token });

function expectOAuthError(res: { status: number; body: any; headers: Headers }, error: string, status = 400): void {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status, error });
  expect(typeof res.body.error_description).toBe('string');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  // The answer must match the spec's OAuthError schema.
  expect(mock.deps.contract.validateResponse('token', status, 'application/json', res.body).errors).toEqual([]);
}

describe('POST /oauth/token: the request itself', () => {
  it.each([
    ['a JSON body', { contentType: 'application/json' }, 'invalid_request'],
    ['no content type', { contentType: '' }, 'invalid_request'],
  ])('refuses %s', async (_name, options, error) => {
    const res = await tokenRequest(mock, { grant_type: 'client_credentials', client_id: CONFIDENTIAL, client_secret: clientSecret(mock) }, options);
    expectOAuthError(res, error);
  });

  it('refuses a body over 64 kB', async () => {
    const res = await tokenRequest(mock, { grant_type: 'client_credentials', padding: 'x'.repeat(70_000) });
    expectOAuthError(res, 'invalid_request');
  });

  it.each([
    ['no grant_type', {}, 'invalid_request'],
    ['an unknown grant_type', { grant_type: 'password' }, 'unsupported_grant_type'],
    ['the implicit grant', { grant_type: 'implicit' }, 'unsupported_grant_type'],
  ])('%s → %s', async (_name, form, error) => {
    const res = await tokenRequest(mock, { ...form, client_id: CONFIDENTIAL, client_secret: clientSecret(mock) });
    expectOAuthError(res, error);
  });

  it('refuses a repeated parameter', async () => {
    const body = `grant_type=client_credentials&grant_type=client_credentials&client_id=${CONFIDENTIAL}&client_secret=${clientSecret(mock)}`;
    const res = await mock.call('POST', '/oauth/token', { rawBody: body, contentType: 'application/x-www-form-urlencoded' });
    expectOAuthError(res, 'invalid_request');
  });

  it('answers 405 to GET', async () => {
    const res = await mock.call('GET', '/oauth/token');
    expect(res.status).toBe(405);
  });
});

describe('client authentication (RFC 6749 §2.3)', () => {
  const form = { grant_type: 'client_credentials' };
  it.each([
    ['client_secret_basic', () => ({ form, basic: { id: CONFIDENTIAL, secret: clientSecret(mock) } }), 200, undefined],
    ['client_secret_post', () => ({ form: { ...form, client_id: CONFIDENTIAL, client_secret: clientSecret(mock) } }), 200, undefined],
    [
      'Basic with the same client_id in the body',
      () => ({ form: { ...form, client_id: CONFIDENTIAL }, basic: { id: CONFIDENTIAL, secret: clientSecret(mock) } }),
      200,
      undefined,
    ],
    ['Basic with a wrong secret', () => ({ form, basic: { id: CONFIDENTIAL, secret: 'wrong' } }), 401, 'invalid_client'],
    ['Basic with an unknown client', () => ({ form, basic: { id: 'app-x', secret: 'x' } }), 401, 'invalid_client'],
    ['a post with a wrong secret', () => ({ form: { ...form, client_id: CONFIDENTIAL, client_secret: 'wrong' } }), 400, 'invalid_client'],
    ['an unknown client', () => ({ form: { ...form, client_id: 'app-nao-existe', client_secret: 'x' } }), 400, 'invalid_client'],
    ['no client at all', () => ({ form }), 400, 'invalid_client'],
    ['a confidential client without its secret', () => ({ form: { ...form, client_id: CONFIDENTIAL } }), 400, 'invalid_client'],
    ['a public client sending a secret', () => ({ form: { ...form, client_id: PUBLIC, client_secret: 'x' } }), 400, 'invalid_client'],
    [
      'Basic and client_secret together',
      () => ({ form: { ...form, client_secret: clientSecret(mock) }, basic: { id: CONFIDENTIAL, secret: clientSecret(mock) } }),
      400,
      'invalid_request',
    ],
    [
      'Basic and another client_id in the body',
      () => ({ form: { ...form, client_id: PUBLIC }, basic: { id: CONFIDENTIAL, secret: clientSecret(mock) } }),
      400,
      'invalid_request',
    ],
  ])('%s → %s', async (_name, given, status, error) => {
    const { form: body, basic } = given() as { form: Record<string, string>; basic?: { id: string; secret: string } };
    const res = await tokenRequest(mock, body, basic ? { basic } : {});
    if (error) expectOAuthError(res, error, status);
    else expect(res.status).toBe(status);
    if (status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
  });

  it('refuses a Basic header that is not base64(id:secret)', async () => {
    const res = await tokenRequest(mock, form, { headers: { authorization: 'Basic !!!' } });
    expectOAuthError(res, 'invalid_client', 401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
  });
});

describe('authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6)', () => {
  it('answers the §5.1 body with no-store, and the token works on user-info', async () => {
    const { code, verifier } = await codeFor(mock);
    const res = await tokenRequest(
      mock,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
      { basic: { id: CONFIDENTIAL, secret: clientSecret(mock) } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(res.body).toEqual({
      access_token: expect.stringMatching(/^mock_at_[0-9a-f]{32}$/),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid profile fullname email related.communities related.groups related.members related.members.groups',
      refresh_token: expect.stringMatching(/^mock_rt_[0-9a-f]{32}$/),
    });
    expect(mock.deps.contract.validateResponse('token', 200, 'application/json', res.body).errors).toEqual([]);
    const record = mock.deps.store.token(res.body.access_token)!;
    expect(record).toMatchObject({
      kind: 'user',
      clientId: CONFIDENTIAL,
      communities: [COMMUNITY],
      fromCode: code,
      issuedAt: '2026-03-01T12:00:00.000Z',
      expiresAt: '2026-03-01T13:00:00.000Z',
    });
    expect((await userInfo(res.body.access_token)).status).toBe(200);
  });

  it('a public client redeems its code with client_id and the PKCE verifier alone', async () => {
    const { code, verifier } = await codeFor(mock, { clientId: PUBLIC });
    const res = await tokenRequest(mock, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: PUBLIC });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('openid profile fullname related.members related.members.groups');
  });

  it('the scope asked for is the scope granted', async () => {
    const tokens = await tokensFor(mock, { scope: 'openid email' });
    expect(tokens.scope).toBe('openid email');
  });

  const exchange = async (
    change: (base: Record<string, string | undefined>) => Record<string, string | undefined>,
    codeOptions: Parameters<typeof codeFor>[1] = {},
  ) => {
    const { code, verifier } = await codeFor(mock, codeOptions);
    const base = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CONFIDENTIAL,
      client_secret: clientSecret(mock),
    };
    return tokenRequest(mock, change(base));
  };

  it.each([
    ['no code', (b: Record<string, string | undefined>) => ({ ...b, code: undefined }), 'invalid_request'],
    ['an unknown code', (b: Record<string, string | undefined>) => ({ ...b, code: 'mock_ac_0' }), 'invalid_grant'],
    ['a wrong redirect_uri', (b: Record<string, string | undefined>) => ({ ...b, redirect_uri: 'http://localhost:5173/other' }), 'invalid_grant'],
    ['no redirect_uri although the request had one', (b: Record<string, string | undefined>) => ({ ...b, redirect_uri: undefined }), 'invalid_grant'],
    ['a wrong code_verifier', (b: Record<string, string | undefined>) => ({ ...b, code_verifier: 'x'.repeat(43) }), 'invalid_grant'],
    ['no code_verifier', (b: Record<string, string | undefined>) => ({ ...b, code_verifier: undefined }), 'invalid_grant'],
    ['a malformed code_verifier', (b: Record<string, string | undefined>) => ({ ...b, code_verifier: 'short' }), 'invalid_grant'],
    [
      'another client redeeming it',
      (b: Record<string, string | undefined>) => ({ ...b, client_id: 'app-boletim-plus', client_secret: clientSecret(mock, 'app-boletim-plus') }),
      'invalid_grant',
    ],
  ])('refuses %s → %s', async (_name, change, error) => {
    expectOAuthError(await exchange(change), error);
  });

  it('refuses a code_verifier for a code issued without PKCE (downgrade)', async () => {
    const res = await exchange((b) => ({ ...b, code_verifier: 'a'.repeat(43) }), { pkce: false });
    expectOAuthError(res, 'invalid_grant');
  });

  it('a failed attempt does not consume the code', async () => {
    const { code, verifier } = await codeFor(mock);
    const base = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: CONFIDENTIAL, client_secret: clientSecret(mock) };
    expectOAuthError(await tokenRequest(mock, { ...base, code_verifier: 'y'.repeat(43) }), 'invalid_grant');
    expect((await tokenRequest(mock, { ...base, code_verifier: verifier })).status).toBe(200);
  });

  it('a code expires 60 s after it was issued (mock clock)', async () => {
    const { code, verifier } = await codeFor(mock);
    mock.clock.advance(60_000);
    const res = await tokenRequest(mock, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CONFIDENTIAL,
      client_secret: clientSecret(mock),
    });
    expectOAuthError(res, 'invalid_grant');
    expect(res.body.error_description).toMatch(/expired/);
  });

  it('a code used twice is refused, and every token issued from it is revoked (RFC 6749 §4.1.2)', async () => {
    const { code, verifier } = await codeFor(mock);
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CONFIDENTIAL,
      client_secret: clientSecret(mock),
    };
    const first = await tokenRequest(mock, form);
    expect(first.status).toBe(200);
    // A refresh before the replay: its tokens descend from the same code and must fall too.
    const refreshed = await tokenRequest(mock, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: CONFIDENTIAL,
      client_secret: clientSecret(mock),
    });
    expect(refreshed.status).toBe(200);
    expect((await userInfo(refreshed.body.access_token)).status).toBe(200);

    const second = await tokenRequest(mock, form);
    expectOAuthError(second, 'invalid_grant');
    expect(second.body.error_description).toMatch(/already used/);
    for (const token of [first.body.access_token, refreshed.body.access_token]) {
      const res = await userInfo(token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    const refresh = await tokenRequest(mock, {
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
      client_id: CONFIDENTIAL,
      client_secret: clientSecret(mock),
    });
    expectOAuthError(refresh, 'invalid_grant');
  });

  it('the access token expires after 3600 s on the mock clock', async () => {
    const tokens = await tokensFor(mock);
    mock.clock.advance(3599_000);
    expect((await userInfo(tokens.access_token)).status).toBe(200);
    mock.clock.advance(1000);
    const res = await userInfo(tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('refresh_token grant (RFC 6749 §6) with rotation', () => {
  const refresh = (token: string | undefined, extra: Record<string, string> = {}) =>
    tokenRequest(mock, { grant_type: 'refresh_token', refresh_token: token, ...extra }, { basic: { id: CONFIDENTIAL, secret: clientSecret(mock) } });

  it('issues a new access token and a new refresh token; the old refresh token stops working', async () => {
    const tokens = await tokensFor(mock);
    const res = await refresh(tokens.refresh_token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(res.body.access_token).not.toBe(tokens.access_token);
    expect(res.body.scope).toBe(tokens.scope);
    expect((await userInfo(res.body.access_token)).status).toBe(200);
    expectOAuthError(await refresh(tokens.refresh_token), 'invalid_grant');
  });

  it('a rotated refresh token that comes back revokes the grant (Security BCP §4.14.2)', async () => {
    const tokens = await tokensFor(mock);
    const next = (await refresh(tokens.refresh_token)).body;
    expectOAuthError(await refresh(tokens.refresh_token), 'invalid_grant');
    expect((await userInfo(next.access_token)).status).toBe(401);
    expectOAuthError(await refresh(next.refresh_token), 'invalid_grant');
  });

  it('narrows the scope of the access token, and the new refresh token keeps the original scope', async () => {
    const tokens = await tokensFor(mock, { scope: 'openid profile email' });
    const narrowed = await refresh(tokens.refresh_token, { scope: 'email openid' });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scope).toBe('openid email');
    const again = await refresh(narrowed.body.refresh_token);
    expect(again.body.scope).toBe('openid profile email');
  });

  it.each([
    ['a widened scope', async () => (await tokensFor(mock, { scope: 'openid' })).refresh_token, { scope: 'openid email' }, 'invalid_scope'],
    ['an unknown refresh token', async () => 'mock_rt_nope', {}, 'invalid_grant'],
    ['no refresh token', async () => undefined, {}, 'invalid_request'],
    ['an access token instead of a refresh token', async () => (await tokensFor(mock)).access_token, {}, 'invalid_grant'],
    [
      'a refresh token revoked with its code',
      async () => {
        const tokens = await tokensFor(mock);
        // Replaying the code revokes the grant, refresh token included.
        await tokenRequest(mock, {
          grant_type: 'authorization_code',
          code: tokens.code,
          redirect_uri: REDIRECT,
          client_id: CONFIDENTIAL,
          client_secret: clientSecret(mock),
        });
        return tokens.refresh_token;
      },
      {},
      'invalid_grant',
    ],
  ])('refuses %s → %s', async (_name, token, extra, error) => {
    expectOAuthError(await refresh(await token(), extra), error);
  });

  it('refuses a refresh token of another client', async () => {
    const tokens = await tokensFor(mock);
    const res = await tokenRequest(mock, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'app-boletim-plus',
      client_secret: clientSecret(mock, 'app-boletim-plus'),
    });
    expectOAuthError(res, 'invalid_grant');
  });

  it('a refresh token expires after 30 days on the mock clock', async () => {
    const tokens = await tokensFor(mock);
    mock.clock.advance(30 * 24 * 3600_000);
    expectOAuthError(await refresh(tokens.refresh_token), 'invalid_grant');
  });
});

describe('client_credentials grant (RFC 6749 §4.4)', () => {
  const credentials = (extra: Record<string, string> = {}, clientId = CONFIDENTIAL) =>
    tokenRequest(mock, { grant_type: 'client_credentials', ...extra }, { basic: { id: clientId, secret: clientSecret(mock, clientId) } });

  it('issues an app token for the communities where the app is installed and active, without refresh token', async () => {
    const res = await credentials();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.stringMatching(/^mock_at_/), token_type: 'Bearer', expires_in: 3600, scope: 'groups:read members:read' });
    const active = mock.deps.store
      .installationsOfApp(CONFIDENTIAL)
      .filter((i) => i.active)
      .map((i) => i.community)
      .sort();
    expect(mock.deps.store.token(res.body.access_token)).toMatchObject({ kind: 'app', subject: CONFIDENTIAL, communities: active });
  });

  it('the app token works on operations 2–8 and gets 403 insufficient_scope on user-info', async () => {
    const token = (await credentials()).body.access_token as string;
    const groups = await mock.call('GET', '/v1/groups', { token, community: COMMUNITY, query: { limit: 1 } });
    expect(groups.status).toBe(200);
    const info = await userInfo(token);
    expect(info.status).toBe(403);
    expect(info.body.code).toBe('insufficient_scope');
    expect(info.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('is narrowed to one community with `community`', async () => {
    const res = await credentials({ community: 'escola-aurora' });
    expect(mock.deps.store.token(res.body.access_token)?.communities).toEqual(['escola-aurora']);
    const other = await mock.call('GET', '/v1/groups', { token: res.body.access_token, community: COMMUNITY });
    expect(other.status).toBe(403);
  });

  it('narrows the scope to some of the API roles', async () => {
    const res = await credentials({ scope: 'groups:read' });
    expect(res.body.scope).toBe('groups:read');
  });

  it.each([
    ['a community where the app is not installed', () => credentials({ community: 'escola-nenhuma' }), 'invalid_request'],
    ['a community where the installation is not active', () => credentials({ community: 'colegio-horizonte' }, 'app-boletim-plus'), 'invalid_request'],
    ['a scope that is not an API role', () => credentials({ scope: 'openid' }), 'invalid_scope'],
    ['a public client', () => tokenRequest(mock, { grant_type: 'client_credentials', client_id: PUBLIC }), 'unauthorized_client'],
  ])('refuses %s → %s', async (_name, send, error) => {
    expectOAuthError(await send(), error);
  });
});
