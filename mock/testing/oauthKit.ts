import { createHash, randomBytes } from 'node:crypto';
import { guardianWithEnrolledMembers } from '../../fixtures/datasetQueries.ts';
import type { CallResult, MockHarness } from './startMock.ts';

/** The seeded confidential client with every scope, its public sibling, and the loopback redirect both register. */
export const CONFIDENTIAL = 'app-diario-escolar';
export const PUBLIC = 'app-agenda-familia';
export const REDIRECT = 'http://localhost:5173/callback';
export const COMMUNITY = 'colegio-horizonte';

/** A fresh RFC 7636 verifier and its S256 challenge (tests only: node:crypto randomness is fine here). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function clientSecret(mock: MockHarness, clientId = CONFIDENTIAL): string {
  const secret = mock.deps.store.app(clientId)?.clientSecret;
  if (!secret) throw new Error(`${clientId} has no client secret`);
  return secret;
}

/** The guardian the conformance config logs in as: active, with enrolled children. */
export function guardianId(mock: MockHarness): string {
  const user = guardianWithEnrolledMembers(mock.deps.store.snapshot(), COMMUNITY, '2026');
  if (!user) throw new Error('no guardian with enrolled members');
  return user._id;
}

/** GET /oauth/authorize with these query parameters (redirects are not followed). */
export function authorize(mock: MockHarness, query: Record<string, string | undefined>): Promise<CallResult<string>> {
  return mock.call<string>('GET', '/oauth/authorize', { query });
}

/** The query of the Location an authorization response redirected to. */
export function redirectParams(res: CallResult): URLSearchParams {
  const location = res.headers.get('location');
  if (!location) throw new Error(`no Location (status ${res.status}): ${res.text.slice(0, 300)}`);
  return new URL(location).searchParams;
}

/** A code for `user` through prompt=none + login_hint, with PKCE unless told otherwise. */
export async function codeFor(
  mock: MockHarness,
  options: { clientId?: string; userId?: string; scope?: string; redirectUri?: string; pkce?: boolean } = {},
): Promise<{ code: string; verifier?: string; redirectUri: string }> {
  const redirectUri = options.redirectUri ?? REDIRECT;
  const pair = options.pkce === false ? undefined : pkcePair();
  const res = await authorize(mock, {
    response_type: 'code',
    client_id: options.clientId ?? CONFIDENTIAL,
    redirect_uri: redirectUri,
    scope: options.scope,
    prompt: 'none',
    login_hint: options.userId ?? guardianId(mock),
    code_challenge: pair?.challenge,
    code_challenge_method: pair ? 'S256' : undefined,
  });
  const code = redirectParams(res).get('code');
  if (!code) throw new Error(`no code: ${res.headers.get('location')}`);
  return { code, verifier: pair?.verifier, redirectUri };
}

/** POST /oauth/token, form-encoded; `basic` sends the client credentials in the Authorization header. */
export function tokenRequest(
  mock: MockHarness,
  form: Record<string, string | undefined>,
  options: { basic?: { id: string; secret: string }; contentType?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<any>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, v);
  const headers: Record<string, string> = { ...options.headers };
  if (options.basic) {
    const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${enc(options.basic.id)}:${enc(options.basic.secret)}`).toString('base64')}`;
  }
  return mock.call('POST', '/oauth/token', { rawBody: body.toString(), contentType: options.contentType ?? 'application/x-www-form-urlencoded', headers });
}

/** A code exchanged by the confidential client (client_secret_post) for tokens. */
export async function tokensFor(
  mock: MockHarness,
  options: { userId?: string; scope?: string } = {},
): Promise<{ access_token: string; refresh_token: string; scope: string; code: string }> {
  const { code, verifier } = await codeFor(mock, options);
  const res = await tokenRequest(mock, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: CONFIDENTIAL,
    client_secret: clientSecret(mock),
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return { ...res.body, code };
}
