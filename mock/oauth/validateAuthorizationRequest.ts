import type { AppRecord } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import { OAuthError } from './OAuthError.ts';
import type { AuthorizationRequest } from '../sessions/OAuthState.ts';
import { parseScope } from './oauthScopes.ts';
import { isS256Challenge } from './pkce.ts';
import { readFormParams } from './readFormParams.ts';
import { resolveRedirectUri } from './redirectUri.ts';
import type { Stored } from '../store/Stored.ts';

export type AuthorizationCheck =
  /** A bad client_id or redirect_uri: shown to the user, never redirected (RFC 6749 §4.1.2.1, §10.15 open redirector). */
  | { outcome: 'page-error'; message: string }
  /** Any other error goes back to the client (RFC 6749 §4.1.2.1). */
  | { outcome: 'redirect-error'; redirectUri: string; error: OAuthError; state?: string }
  | { outcome: 'ok'; app: Stored<AppRecord>; request: AuthorizationRequest; promptNone: boolean; loginHint?: string };

/** OpenID Connect Core §3.1.2.1 prompt values; others are ignored, as unknown parameters are (RFC 6749 §3.1). */
const PROMPTS = new Set(['none', 'login', 'consent', 'select_account']);

/**
 * Validates an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3) in the order the RFC needs: the
 * client and its redirect URI first, because until both are trusted no error may be sent anywhere.
 */
export function validateAuthorizationRequest(search: URLSearchParams, store: Store, ownOrigin?: string): AuthorizationCheck {
  const { params, repeated } = readFormParams(search);
  const pageError = (message: string): AuthorizationCheck => ({ outcome: 'page-error', message });

  if (repeated.includes('client_id')) return pageError('client_id is repeated (RFC 6749 §3.1).');
  const clientId = params.client_id;
  if (clientId === undefined) return pageError('client_id is missing: the app must say who it is (RFC 6749 §4.1.1).');
  const app = store.app(clientId);
  if (!app) return pageError(`No app "${clientId}" is known to this server.`);
  if (!app.manifest.oauth?.enabled) return pageError(`App "${clientId}" does not use OAuth (its manifest has oauth.enabled false).`);

  if (repeated.includes('redirect_uri')) return pageError('redirect_uri is repeated (RFC 6749 §3.1).');
  const resolved = resolveRedirectUri(app, params.redirect_uri, ownOrigin);
  if (!resolved.ok) return pageError(resolved.reason);

  const state = repeated.includes('state') ? undefined : params.state;
  const fail = (error: OAuthError): AuthorizationCheck => ({
    outcome: 'redirect-error',
    redirectUri: resolved.redirectUri,
    error,
    ...(state !== undefined ? { state } : {}),
  });

  if (repeated.length > 0) return fail(new OAuthError('invalid_request', `Parameters must not be repeated (RFC 6749 §3.1): ${repeated.join(', ')}.`));

  const responseType = params.response_type;
  if (responseType === undefined) return fail(new OAuthError('invalid_request', 'response_type is missing; send response_type=code.'));
  if (responseType !== 'code') return fail(new OAuthError('unsupported_response_type', `response_type "${responseType}" is not supported; only "code" is.`));

  const allowed = app.manifest.oauth.scopes ?? [];
  const asked = params.scope === undefined ? [] : parseScope(params.scope);
  // RFC 6749 §3.3: without a scope the server uses a pre-defined default, here every scope of the manifest.
  const scopes = asked.length > 0 ? asked : [...allowed];
  const refused = scopes.filter((s) => !allowed.includes(s));
  if (refused.length > 0)
    return fail(new OAuthError('invalid_scope', `Not among the scopes of ${clientId} (${allowed.join(' ') || 'none'}): ${refused.join(' ')}.`));
  if (scopes.length === 0) return fail(new OAuthError('invalid_scope', `${clientId} declares no scope in its manifest.`));

  const challenge = params.code_challenge;
  const method = params.code_challenge_method;
  if (method !== undefined && challenge === undefined)
    return fail(new OAuthError('invalid_request', 'code_challenge_method was sent without code_challenge (RFC 7636 §4.3).'));
  if (challenge !== undefined) {
    // RFC 7636 §4.3: an absent method means "plain", which only exists for clients that cannot hash (§4.2).
    if (method !== 'S256')
      return fail(
        new OAuthError(
          'invalid_request',
          `code_challenge_method must be S256 (got ${method === undefined ? 'none, which means plain' : `"${method}"`}); plain is not supported (RFC 7636 §4.2).`,
        ),
      );
    if (!isS256Challenge(challenge))
      return fail(new OAuthError('invalid_request', 'code_challenge must be the 43-character BASE64URL of a SHA-256 digest (RFC 7636 §4.2).'));
  } else if (app.clientSecret === undefined) {
    // A public client cannot authenticate at the token endpoint: PKCE is what ties the code to it (RFC 7636 §1).
    return fail(new OAuthError('invalid_request', `${clientId} is a public client: code_challenge (S256) is required (RFC 7636).`));
  }

  const prompt = params.prompt === undefined ? [] : parseScope(params.prompt).filter((p) => PROMPTS.has(p));
  const promptNone = prompt.includes('none');
  if (promptNone && prompt.length > 1)
    return fail(new OAuthError('invalid_request', 'prompt=none cannot be combined with other prompt values (OpenID Connect Core §3.1.2.1).'));

  const request: AuthorizationRequest = {
    clientId,
    redirectUri: resolved.redirectUri,
    redirectUriGiven: resolved.given,
    scopes,
    ...(state !== undefined ? { state } : {}),
    ...(challenge !== undefined ? { codeChallenge: challenge } : {}),
  };
  return { outcome: 'ok', app, request, promptNone, ...(params.login_hint !== undefined ? { loginHint: params.login_hint } : {}) };
}
