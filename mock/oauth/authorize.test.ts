import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockHarness } from '../testing/startMock.ts';
import { authorize, CONFIDENTIAL, guardianId, pkcePair, PUBLIC, REDIRECT, redirectParams } from '../testing/oauthKit.ts';

let mock: MockHarness;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.close();
});

const { challenge } = pkcePair();
const valid = {
  response_type: 'code',
  client_id: CONFIDENTIAL,
  redirect_uri: REDIRECT,
  state: 'st-1',
  code_challenge: challenge,
  code_challenge_method: 'S256',
};

/** The hidden fields and the pending-request id of a consent page. */
function formOf(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1] as string] = (m[2] as string)
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return fields;
}

function submit(form: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
  return mock.call<string>('POST', '/oauth/authorize', { rawBody: new URLSearchParams(form).toString(), contentType });
}

describe('GET /oauth/authorize: client and redirect URI errors are shown, never redirected (RFC 6749 §4.1.2.1)', () => {
  it.each([
    ['no client_id', { client_id: undefined }, /client_id is missing/],
    ['an unknown client', { client_id: 'app-nao-existe' }, /No app &quot;app-nao-existe&quot;/],
    ['a client without OAuth', { client_id: 'app-sincroniza-gestao' }, /does not use OAuth/],
    ['a repeated client_id', { client_id: `${CONFIDENTIAL}&client_id=${CONFIDENTIAL}` }, /client_id is repeated/],
    ['an unregistered redirect_uri', { redirect_uri: 'https://evil.example.com/cb' }, /neither registered/],
    ['a registered redirect_uri with another path', { redirect_uri: 'https://diario.example.com.br/callback/x' }, /neither registered/],
    ['https on a loopback address', { redirect_uri: 'https://127.0.0.1:3000/cb' }, /neither registered/],
    ['a loopback redirect with a longer path', { redirect_uri: 'http://localhost:5173/callbackevil' }, /only the port may differ/],
    ['a loopback redirect with dot segments', { redirect_uri: 'http://localhost:5173/callback/../../evil' }, /only the port may differ/],
    ['a loopback redirect with another path', { redirect_uri: 'http://127.0.0.1:8765/cb' }, /only the port may differ/],
    ['a redirect_uri with a fragment', { redirect_uri: `${REDIRECT}#x` }, /fragment/],
    ['no redirect_uri while two are registered', { redirect_uri: undefined }, /redirect_uri is required/],
  ])('%s → 400 HTML page', async (_name, override, message) => {
    const query: Record<string, string | undefined> = { ...valid, ...override };
    // A repeated parameter needs a hand-built query string.
    const res = query.client_id?.includes('&')
      ? await mock.call<string>('GET', `/oauth/authorize?${new URLSearchParams({ ...valid, client_id: CONFIDENTIAL }).toString()}&client_id=${CONFIDENTIAL}`)
      : await authorize(mock, query);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toMatch(message);
  });

  it('escapes what it shows on the error page', async () => {
    const res = await authorize(mock, { ...valid, client_id: '<script>alert(1)</script>' });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('GET /oauth/authorize: other errors go back to the redirect URI with state', () => {
  it.each([
    ['no response_type', { response_type: undefined }, 'invalid_request'],
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
    ['response_type=code id_token', { response_type: 'code id_token' }, 'unsupported_response_type'],
    ['a scope the app does not have', { client_id: 'app-boletim-plus', scope: 'openid email' }, 'invalid_scope'],
    ['an unknown scope', { scope: 'openid admin' }, 'invalid_scope'],
    ['code_challenge_method=plain', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['code_challenge without a method (means plain)', { code_challenge_method: undefined }, 'invalid_request'],
    ['a method without a challenge', { code_challenge: undefined }, 'invalid_request'],
    ['a malformed challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['a public client without PKCE', { client_id: PUBLIC, code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
    ['prompt=none without login_hint', { prompt: 'none' }, 'login_required'],
    ['prompt=none with an unknown login_hint', { prompt: 'none', login_hint: '000000000000000000000000' }, 'login_required'],
    ['prompt=none combined with login', { prompt: 'none login' }, 'invalid_request'],
  ])('%s → %s', async (_name, override, error) => {
    const res = await authorize(mock, { ...valid, ...override });
    expect(res.status).toBe(302);
    const params = redirectParams(res);
    expect(new URL(res.headers.get('location') as string).origin + new URL(res.headers.get('location') as string).pathname).toBe(REDIRECT);
    expect(params.get('error')).toBe(error);
    expect(params.get('error_description')).toBeTruthy();
    expect(params.get('state')).toBe('st-1');
    expect(params.get('iss')).toBe(mock.baseUrl);
    expect(params.get('code')).toBeNull();
  });

  it('refuses a repeated parameter with invalid_request', async () => {
    const res = await mock.call<string>('GET', `/oauth/authorize?${new URLSearchParams(valid).toString()}&scope=openid&scope=profile`);
    expect(redirectParams(res).get('error')).toBe('invalid_request');
  });
});

describe('GET /oauth/authorize with prompt=none and login_hint', () => {
  it.each([
    ['the confidential client, no PKCE', { code_challenge: undefined, code_challenge_method: undefined }],
    ['the confidential client with PKCE', {}],
    ['the public client with PKCE', { client_id: PUBLIC }],
    ['a loopback redirect on any port', { redirect_uri: 'http://127.0.0.1:49321/callback' }],
    ['an IPv6 loopback redirect', { redirect_uri: 'http://[::1]:8080/callback' }],
    ["no scope (the app's scopes)", { scope: undefined }],
  ])('issues a code: %s', async (_name, override) => {
    const query = { ...valid, prompt: 'none', login_hint: guardianId(mock), ...override };
    const res = await authorize(mock, query);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const location = new URL(res.headers.get('location') as string);
    expect(location.href.startsWith(query.redirect_uri)).toBe(true);
    expect(location.searchParams.get('code')).toMatch(/^mock_ac_[0-9a-f]{32}$/);
    expect(location.searchParams.get('state')).toBe('st-1');
    // RFC 9207: the issuer is named in the response.
    expect(location.searchParams.get('iss')).toBe(mock.baseUrl);
  });

  it('returns the state untouched, whatever it holds', async () => {
    const state = 'ü <x> "q" & = + %41 ☃';
    const res = await authorize(mock, { ...valid, state, prompt: 'none', login_hint: guardianId(mock) });
    expect(redirectParams(res).get('state')).toBe(state);
  });

  it('uses the single registered redirect URI when redirect_uri is absent', async () => {
    // Stored records are immutable: the snapshot's app is replaced, not changed.
    const snapshot = mock.deps.store.snapshot();
    snapshot.apps = snapshot.apps.map((a) => (a.manifest.id === CONFIDENTIAL ? { ...a, redirectUris: ['https://diario.example.com.br/callback'] } : a));
    mock.deps.store.load(snapshot);
    try {
      const res = await authorize(mock, { ...valid, redirect_uri: undefined, prompt: 'none', login_hint: guardianId(mock) });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^https:\/\/diario\.example\.com\.br\/callback\?code=/);
    } finally {
      mock.deps.store.reset();
    }
  });
});

describe('the login-and-consent page', () => {
  it('lists the users by community with their role, the scopes in words, and the request in hidden fields', async () => {
    const res = await authorize(mock, { ...valid, scope: 'openid related.members', login_hint: guardianId(mock) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // No external asset: no src=, no <link>, no script at all.
    expect(res.text).not.toMatch(/<script|<link|src=/i);
    for (const community of mock.deps.store.communities()) expect(res.text).toContain(`<optgroup label="${community.name} (${community.id})`);
    expect(res.text).toMatch(/— guardian \(resp-/);
    expect(res.text).toContain('students linked to the user');
    expect(res.text).toContain(`<option value="${guardianId(mock)}" selected>`);
    expect(formOf(res.text)).toEqual({
      request_id: expect.stringMatching(/^mock_req_/),
      response_type: 'code',
      client_id: CONFIDENTIAL,
      redirect_uri: REDIRECT,
      scope: 'openid related.members',
      state: 'st-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  });

  it('escapes every value it shows', async () => {
    const state = '"><script>alert(1)</script>';
    const res = await authorize(mock, { ...valid, state, redirect_uri: 'http://127.0.0.1:9/callback' });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)');
    const refused = await authorize(mock, { ...valid, state, redirect_uri: 'http://127.0.0.1:9/"><b>x</b>' });
    expect(refused.text).not.toContain('<b>x</b>');
    expect(formOf(res.text).state).toBe(state);
  });

  it('approve → 303 to the redirect URI with a code and the state', async () => {
    const page = await authorize(mock, valid);
    const res = await submit({ ...formOf(page.text), user_id: guardianId(mock), decision: 'approve' });
    expect(res.status).toBe(303);
    expect(redirectParams(res).get('code')).toMatch(/^mock_ac_/);
    expect(redirectParams(res).get('state')).toBe('st-1');
  });

  it('a user id typed in other_user_id wins over the list', async () => {
    const page = await authorize(mock, valid);
    const res = await submit({ ...formOf(page.text), user_id: 'nobody', other_user_id: ` ${guardianId(mock)} `, decision: 'approve' });
    expect(res.status).toBe(303);
    expect(redirectParams(res).get('code')).toBeTruthy();
  });

  it('deny → access_denied with the state', async () => {
    const page = await authorize(mock, valid);
    const res = await submit({ ...formOf(page.text), user_id: guardianId(mock), decision: 'deny' });
    expect(res.status).toBe(303);
    expect(redirectParams(res).get('error')).toBe('access_denied');
    expect(redirectParams(res).get('state')).toBe('st-1');
  });

  it('an unknown user or no decision shows the page again with the reason, and the form still works', async () => {
    const page = await authorize(mock, valid);
    const form = formOf(page.text);
    const unknown = await submit({ ...form, user_id: '000000000000000000000000', decision: 'approve' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('No active user has the id');
    const undecided = await submit({ ...form, user_id: guardianId(mock) });
    expect(undecided.status).toBe(400);
    expect(undecided.text).toContain('Choose Allow or Deny');
    const retry = await submit({ ...form, user_id: guardianId(mock), decision: 'approve' });
    expect(retry.status).toBe(303);
  });

  it.each([
    ['scope', 'openid profile fullname email related.communities related.groups related.members related.members.groups'],
    ['redirect_uri', 'http://127.0.0.1:666/steal'],
    ['client_id', 'app-boletim-plus'],
    ['code_challenge', pkcePair().challenge],
    ['state', 'other'],
  ])('refuses a form whose %s was altered, and cancels it', async (field, value) => {
    const page = await authorize(mock, { ...valid, scope: 'openid' });
    const form = formOf(page.text);
    const res = await submit({ ...form, [field]: value, user_id: guardianId(mock), decision: 'approve' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.text).toContain(`altered (${field})`);
    const again = await submit({ ...form, user_id: guardianId(mock), decision: 'approve' });
    expect(again.text).toContain('expired or was already used');
  });

  it.each([
    ['an unknown request_id', (f: Record<string, string>) => ({ ...f, request_id: 'mock_req_x' })],
    ['no request_id', (f: Record<string, string>) => ({ ...f, request_id: '' })],
  ])('refuses %s with an HTML page', async (_name, change) => {
    const page = await authorize(mock, valid);
    const res = await submit({ ...change(formOf(page.text)), user_id: guardianId(mock), decision: 'approve' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('expired or was already used');
  });

  it('a form can be used once', async () => {
    const page = await authorize(mock, valid);
    const form = { ...formOf(page.text), user_id: guardianId(mock), decision: 'approve' };
    expect((await submit(form)).status).toBe(303);
    expect((await submit(form)).status).toBe(400);
  });

  it('a form expires after 10 minutes on the mock clock', async () => {
    const page = await authorize(mock, valid);
    mock.clock.advance(10 * 60_000);
    const res = await submit({ ...formOf(page.text), user_id: guardianId(mock), decision: 'approve' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('expired');
  });

  it('refuses a body that is not form-encoded', async () => {
    const page = await authorize(mock, valid);
    const res = await submit({ ...formOf(page.text), decision: 'approve' }, 'application/json');
    expect(res.status).toBe(400);
    expect(res.text).toContain('application/x-www-form-urlencoded');
  });
});
