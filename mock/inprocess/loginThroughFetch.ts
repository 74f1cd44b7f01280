import type { TokenResponseBody } from '../oauth/issueTokens.ts';
import { s256 } from '../oauth/pkce.ts';
import { base64url } from '../sha256.ts';
import type { FetchHandler } from './FetchHandler.ts';
import { LoginError } from './LoginError.ts';

export type { TokenResponseBody } from '../oauth/issueTokens.ts';

/** A login as a user of the consent page makes it, in one call. */
export interface LoginOptions {
  /** The app (OAuth client) that asks: `app-agenda-familia` (public, PKCE) or `app-diario-escolar` (confidential). */
  clientId: string;
  /** The scopes it asks for, as its authorization request would (`['openid', 'profile', 'related.members']`). */
  scopes: readonly string[];
  /** The id of the user who logs in (as picked or typed on the consent page). */
  user: string;
  /** The choice on the consent page: `approve` (default) or `deny` (the login then fails with `access_denied`). */
  consent?: 'approve' | 'deny';
  /** Where the code is sent; by default the first URI the app registered. Never followed: nothing leaves the mock. */
  redirectUri?: string;
  /** The origin the mock is reached at: the issuer the authorization response names (default `http://localhost`). */
  origin?: string;
}

/**
 * The authorization-code login of a browser (RFC 6749 §4.1 with PKCE, RFC 7636), driven through the mock's
 * own Fetch handler: GET /oauth/authorize shows the consent page, its form goes back with the choice
 * (POST /oauth/authorize), the code in the redirect is exchanged at POST /oauth/token. Every step is the
 * server's (the same handlers, pages, codes and tokens); only the browser is played by this function, for a
 * page whose requests a service worker answers, since a worker never sees a navigation.
 */
export async function loginThroughFetch(
  fetch: FetchHandler,
  sessionHeaders: Readonly<Record<string, string>>,
  app: { readonly clientSecret?: string; readonly redirectUris: readonly string[] } | undefined,
  options: LoginOptions,
): Promise<TokenResponseBody> {
  const origin = (options.origin ?? 'http://localhost').replace(/\/+$/, '');
  const redirectUri = options.redirectUri ?? app?.redirectUris[0];
  if (redirectUri === undefined) throw new LoginError('login_page', `No app "${options.clientId}" with a registered redirect URI is known to this mock.`);
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const state = base64url(crypto.getRandomValues(new Uint8Array(12)));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: redirectUri,
    scope: options.scopes.join(' '),
    state,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
  });
  const page = await fetch(new Request(`${origin}/oauth/authorize?${query}`, { headers: { accept: 'text/html', ...sessionHeaders } }));
  if (page.status !== 200) return failed(page, state);
  // The form as a browser submits it: its hidden fields, the user typed in by id, the button pressed.
  const form = new URLSearchParams(hiddenInputs(await page.text()));
  form.set('other_user_id', options.user);
  form.set('decision', options.consent ?? 'approve');
  const decided = await fetch(
    new Request(`${origin}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...sessionHeaders },
      body: form.toString(),
    }),
  );
  const code = codeOf(await redirected(decided, state));
  const exchange = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: options.clientId,
  });
  // A confidential client authenticates (RFC 6749 §2.3.1); the mock knows its secret, as the app's server would.
  if (app?.clientSecret !== undefined) exchange.set('client_secret', app.clientSecret);
  const token = await fetch(
    new Request(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...sessionHeaders },
      body: exchange.toString(),
    }),
  );
  const body = (await token.json()) as TokenResponseBody & { error?: string; error_description?: string };
  if (token.status !== 200) throw new LoginError(body.error ?? 'invalid_response', body.error_description ?? `the token endpoint answered ${token.status}`);
  return body;
}

/** The authorization response's parameters (RFC 6749 §4.1.2), from the redirect; a page instead is the login's end. */
async function redirected(res: Response, state: string): Promise<URLSearchParams> {
  const location = res.headers.get('location');
  if ((res.status !== 302 && res.status !== 303) || location === null) return failed(res, state);
  const params = new URL(location).searchParams;
  // RFC 6749 §10.12: the state comes back unchanged, or the response is not this login's.
  if (params.get('state') !== state) throw new LoginError('invalid_state', 'The authorization response carried another state.');
  return params;
}

function codeOf(params: URLSearchParams): string {
  const code = params.get('code');
  if (code !== null) return code;
  throw new LoginError(params.get('error') ?? 'invalid_response', params.get('error_description') ?? 'The authorization response carried no code.');
}

/** An answer that is not the next step: an error redirect, or a page that says why (its error paragraph). */
async function failed(res: Response, state: string): Promise<never> {
  if (res.status === 302 || res.status === 303) codeOf(await redirected(res, state));
  const text = await res.text();
  const said = /<p class="error"[^>]*>([^<]*)<\/p>/.exec(text)?.[1];
  throw new LoginError('login_page', said === undefined ? `the authorization endpoint answered ${res.status}` : unescapeHtml(said));
}

/** The consent form's hidden fields, as the page wrote them (escapeHtml's entities undone). */
function hiddenInputs(html: string): [string, string][] {
  return [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [unescapeHtml(m[1] ?? ''), unescapeHtml(m[2] ?? '')]);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] as string);
}
