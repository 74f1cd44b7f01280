import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { authRequired } from './authRequired.ts';
import { clientAuthenticated } from './clientAuthenticated.ts';
import { codeBoundClient } from './codeBoundClient.ts';
import { codeBoundRedirectUri } from './codeBoundRedirectUri.ts';
import { codeReuseRevokes } from './codeReuseRevokes.ts';
import { pkceVerified } from './pkceVerified.ts';
import { redirectUriExact } from './redirectUriExact.ts';
import { refreshBoundClient } from './refreshBoundClient.ts';
import { stateExact } from './stateExact.ts';
import { tokenErrorShape } from './tokenErrorShape.ts';
import { tokenNoStore } from './tokenNoStore.ts';

const sev = (failures: Array<{ severity: string }>): string[] => failures.map((f) => f.severity);
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  fakeExchange('token', status, body, { 'content-type': 'application/json', ...headers });
const redirect = (location: string, status = 302) => fakeExchange('authorize', status, undefined, { location });
const ENDPOINT = 'https://as.example/auth/authorize';

describe('redirect-uri-exact (RFC 6749 §4.1.2.1, RFC 9700 §2.1)', () => {
  const foreign = 'https://evil.invalid/callback';
  const altered = 'http://localhost:5173/callback?conform=1';
  it.each([
    ['an error page', fakeExchange('authorize', 400, 'bad redirect_uri'), foreign, 'foreign', []],
    ['a 200 page informing the user', fakeExchange('authorize', 200, 'bad redirect_uri'), foreign, 'foreign', []],
    ['a redirect to its own error page', redirect('/auth/error?e=1'), foreign, 'foreign', []],
    ['a redirect to the foreign URI', redirect(`${foreign}?code=abc`), foreign, 'foreign', ['MUST']],
    ['a redirect to the foreign URI with an error', redirect(`${foreign}?error=invalid_request`), foreign, 'foreign', ['MUST']],
    ['a redirect to the altered URI', redirect('http://localhost:5173/callback?conform=1&code=abc'), altered, 'altered', ['SHOULD']],
    ['a code sent to the registered URI instead', redirect('http://localhost:5173/callback?code=abc'), foreign, 'foreign', ['MUST']],
    ['an error sent to the registered URI', redirect('http://localhost:5173/callback?error=invalid_request'), foreign, 'foreign', ['SHOULD']],
    ['a 500 (no-server-error judges it)', fakeExchange('authorize', 500, 'oops'), foreign, 'foreign', []],
  ] as const)('%s', (_name, exchange, sent, kind, want) => {
    expect(sev(redirectUriExact.run({ exchange, sent, kind, endpoint: ENDPOINT }))).toEqual(want);
  });
});

describe('state-exact (RFC 6749 §4.1.2)', () => {
  const state = 'a b/é中😀%&+';
  const encoded = new URLSearchParams({ state }).toString();
  it.each([
    ['form-encoded', redirect(`http://cb/?code=1&${encoded}`), []],
    ['percent-encoded spaces', redirect(`http://cb/?code=1&state=${encodeURIComponent(state)}`), []],
    ['read as Latin-1', redirect(`http://cb/?code=1&${new URLSearchParams({ state: Buffer.from(state, 'utf8').toString('latin1') }).toString()}`), ['MUST']],
    ['encoded twice', redirect(`http://cb/?code=1&state=${encodeURIComponent(encodeURIComponent(state))}`), ['MUST']],
    ['left out', redirect('http://cb/?code=1'), ['MUST']],
    ['no redirect (oauth-flow judges it)', fakeExchange('authorize', 200, 'page'), []],
  ] as const)('%s', (_name, exchange, want) => {
    expect(sev(stateExact.run({ exchange, state, endpoint: ENDPOINT }))).toEqual(want);
  });
});

// The refusals each rule expects: a 2xx is MUST, another §5.2 code SHOULD, a body that is no §5.2 error nothing.
describe.each([
  ['code-bound-redirect-uri', (exchange: ReturnType<typeof json>) => codeBoundRedirectUri.run({ exchange })],
  ['code-bound-client', (exchange: ReturnType<typeof json>) => codeBoundClient.run({ exchange })],
  ['refresh-bound-client', (exchange: ReturnType<typeof json>) => refreshBoundClient.run({ exchange })],
  ['pkce-verified (wrong verifier, advertised)', (exchange: ReturnType<typeof json>) => pkceVerified.run({ exchange, verifier: 'wrong', severity: 'MUST' })],
])('%s', (_check, run) => {
  it.each([
    ['invalid_grant', json(400, { error: 'invalid_grant' }), []],
    ['accepted', json(200, { access_token: 't', token_type: 'Bearer' }), ['MUST']],
    ['redirected', fakeExchange('token', 302, undefined, { location: '/' }), ['MUST']],
    ['another code', json(400, { error: 'invalid_request' }), ['SHOULD']],
    ['no §5.2 body (token-error-shape judges it)', fakeExchange('token', 400, 'no', { 'content-type': 'text/plain' }), []],
    ['a 500 (no-server-error judges it)', json(500, { error: 'server_error' }), []],
  ] as const)('%s', (_name, exchange, want) => {
    expect(sev(run(exchange))).toEqual(want);
  });
});

describe('pkce-verified severities (RFC 7636 §4.6)', () => {
  it.each([
    ['a wrong verifier accepted, S256 not advertised', 'wrong', 'SHOULD', json(200, {}), ['SHOULD']],
    ['no verifier refused invalid_request', 'missing', 'MUST', json(400, { error: 'invalid_request' }), []],
    ['no verifier accepted', 'missing', 'MUST', json(200, {}), ['MUST']],
  ] as const)('%s', (_name, verifier, severity, exchange, want) => {
    expect(sev(pkceVerified.run({ exchange, verifier, severity }))).toEqual(want);
  });
});

describe('client-authenticated (RFC 6749 §3.2.1, §5.2)', () => {
  const challenge = { 'www-authenticate': 'Basic realm="x"' };
  it.each([
    ['wrong Basic: 401 with a challenge', 'wrong-basic', json(401, { error: 'invalid_client' }, challenge), []],
    ['wrong Basic: 401 without a challenge', 'wrong-basic', json(401, { error: 'invalid_client' }), ['MUST']],
    ['wrong Basic: 400', 'wrong-basic', json(400, { error: 'invalid_client' }), ['MUST']],
    ['wrong Basic: accepted', 'wrong-basic', json(200, { access_token: 't' }), ['MUST']],
    ['wrong Basic: 401 unauthorized_client', 'wrong-basic', json(401, { error: 'unauthorized_client' }, challenge), ['SHOULD']],
    ['wrong post: 400', 'wrong-post', json(400, { error: 'invalid_client' }), []],
    ['missing: 400', 'missing', json(400, { error: 'invalid_client' }), []],
    ['missing: 401 without a challenge (no Basic was tried)', 'missing', json(401, { error: 'invalid_client' }), []],
    ['missing: accepted', 'missing', json(200, { access_token: 't' }), ['MUST']],
  ] as const)('%s', (_name, credentials, exchange, want) => {
    expect(sev(clientAuthenticated.run({ exchange, credentials }))).toEqual(want);
  });
});

describe('token-error-shape (RFC 6749 §5.2)', () => {
  it.each([
    ['400 invalid_grant', json(400, { error: 'invalid_grant', error_description: 'x' }), []],
    ['401 invalid_client', json(401, { error: 'invalid_client' }), []],
    ['application/json with a charset', json(400, { error: 'invalid_grant' }, { 'content-type': 'application/json; charset=utf-8' }), []],
    ['plain text', fakeExchange('token', 400, 'invalid_grant', { 'content-type': 'text/plain' }), ['MUST']],
    ['JSON without error', json(400, { message: 'bad code' }), ['MUST']],
    ['an unregistered code', json(400, { error: 'bad_code' }), ['SHOULD']],
    ['403 invalid_grant', json(403, { error: 'invalid_grant' }), ['SHOULD']],
    ['a success (not a refusal)', json(200, { access_token: 't' }), []],
  ] as const)('%s', (_name, exchange, want) => {
    expect(sev(tokenErrorShape.run({ exchange }))).toEqual(want);
  });
});

describe('token-no-store (RFC 6749 §5.1) and code-reuse-revokes (§4.1.2)', () => {
  it.each([
    ['no-store', json(200, {}, { 'cache-control': 'no-store' }), []],
    ['among other directives', json(200, {}, { 'cache-control': 'private, No-Store' }), []],
    ['missing', json(200, {}), ['SHOULD']],
    ['max-age only', json(200, {}, { 'cache-control': 'max-age=60' }), ['SHOULD']],
    ['an error answer (no tokens)', json(400, { error: 'invalid_grant' }), []],
  ] as const)('token-no-store: %s', (_name, exchange, want) => {
    expect(sev(tokenNoStore.run({ exchange }))).toEqual(want);
  });
  it.each([
    ['revoked', fakeExchange('getUserInfo', 401, {}), []],
    ['refused invalid_grant', json(400, { error: 'invalid_grant' }), []],
    ['still working', fakeExchange('getUserInfo', 200, {}), ['SHOULD']],
  ] as const)('code-reuse-revokes: %s', (_name, exchange, want) => {
    expect(sev(codeReuseRevokes.run({ exchange, token: 'access token' }))).toEqual(want);
  });
});

describe('auth-required: the 401 challenge (RFC 6750 §3, our decision)', () => {
  it.each([
    ['401 with a challenge', fakeExchange('listGroups', 401, {}, { 'www-authenticate': 'Bearer' }), []],
    ['401 without one', fakeExchange('listGroups', 401, {}), ['SHOULD']],
    ['403', fakeExchange('listGroups', 403, {}), ['SHOULD']],
    ['200', fakeExchange('listGroups', 200, []), ['MUST']],
  ] as const)('%s', (_name, exchange, want) => {
    expect(sev(authRequired.run({ exchange, credentials: 'no Authorization header' }))).toEqual(want);
  });
});
