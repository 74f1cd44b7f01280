import type { Exchange } from '../client/Exchange.ts';
import type { OAuthClientConfig } from '../config/ConformConfig.ts';
import type { StepContext } from '../step/StepContext.ts';
import { pkce } from './pkce.ts';

/** How a token request authenticates its client: as configured, with given credentials, or not at all. */
export type ClientCredentials =
  | { as: 'configured' }
  | { as: 'basic'; clientId: string; secret: string }
  | { as: 'post'; clientId: string; secret: string }
  /** client_id in the body alone: a public client (RFC 6749 §3.2.1), or a confidential one leaving its secret out. */
  | { as: 'public'; clientId: string };

/** An authorization request sent and what came back: the code when the server redirected with one. */
export interface AuthorizationAttempt {
  exchange: Exchange;
  code?: string;
  verifier: string;
  state: string;
  /** The authorization endpoint's absolute URL, against which Location resolves. */
  endpoint: string;
}

/**
 * RFC 6749 §4.1.1 with PKCE (S256), prompt=none and login_hint, as obtainUserToken sends it; `overrides`
 * replaces or (with undefined) removes parameters, for probes that send one thing wrong.
 */
export async function requestAuthorization(
  s: StepContext,
  oauth: OAuthClientConfig,
  overrides: Record<string, string | undefined> = {},
): Promise<AuthorizationAttempt> {
  const { verifier, challenge } = pkce(s.rng);
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: oauth.clientId,
    redirect_uri: oauth.redirectUri,
    scope: oauth.scopes.join(' '),
    state: s.rng.hex(16),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'none',
    login_hint: oauth.loginHint,
    ...overrides,
  };
  // An HTML page or a redirect answers it, never JSON: no Accept (a validating server answers 406 to JSON only).
  const exchange = await s.sendRaw({ method: 'GET', path: oauth.authorizationUrl, query, redirect: 'manual', accept: false, operationId: 'authorize' });
  const endpoint = s.client.url(oauth.authorizationUrl);
  const location = exchange.response?.headers.location;
  let code: string | undefined;
  if (exchange.response && exchange.response.status >= 300 && exchange.response.status < 400 && location) {
    try {
      code = new URL(location, endpoint).searchParams.get('code') ?? undefined;
    } catch {
      code = undefined;
    }
  }
  return { exchange, verifier, state: query.state ?? '', endpoint, ...(code ? { code } : {}) };
}

/** A token request (RFC 6749 §4.1.3, §6) with the given form and client credentials. */
export async function requestToken(
  s: StepContext,
  oauth: OAuthClientConfig,
  form: Record<string, string | undefined>,
  credentials: ClientCredentials = { as: 'configured' },
): Promise<Exchange> {
  const body: Record<string, string | undefined> = { ...form };
  const headers: Record<string, string> = {};
  const basic = (id: string, secret: string): void => {
    // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  };
  if (credentials.as === 'configured') {
    body.client_id = oauth.clientId;
    if (oauth.clientSecret && oauth.authMethod === 'client_secret_post') body.client_secret = oauth.clientSecret;
    else if (oauth.clientSecret) basic(oauth.clientId, oauth.clientSecret);
  } else if (credentials.as === 'basic') {
    body.client_id = credentials.clientId;
    basic(credentials.clientId, credentials.secret);
  } else {
    body.client_id = credentials.clientId;
    if (credentials.as === 'post') body.client_secret = credentials.secret;
  }
  return s.sendRaw({ method: 'POST', path: oauth.tokenUrl, form: body, headers, operationId: 'token' });
}

/** The form of an authorization-code token request for an attempt, as a correct client sends it. */
export function codeForm(oauth: OAuthClientConfig, attempt: AuthorizationAttempt): Record<string, string | undefined> {
  return { grant_type: 'authorization_code', code: attempt.code, redirect_uri: oauth.redirectUri, code_verifier: attempt.verifier };
}

/** Credentials of the configured second client, authenticated as the configured one is (RFC 6749 §2.3). */
export function otherClientCredentials(oauth: OAuthClientConfig): ClientCredentials | undefined {
  const other = oauth.otherClient;
  if (!other) return undefined;
  if (other.clientSecret === undefined) return { as: 'public', clientId: other.clientId };
  return oauth.authMethod === 'client_secret_post'
    ? { as: 'post', clientId: other.clientId, secret: other.clientSecret }
    : { as: 'basic', clientId: other.clientId, secret: other.clientSecret };
}
