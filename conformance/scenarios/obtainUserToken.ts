import { oauthFlow } from '../checks/oauthFlow.ts';
import { isRecord } from '../checks/values.ts';
import type { OAuthClientConfig } from '../config/ConformConfig.ts';
import { ENV } from '../config/env.ts';
import type { StepContext } from '../step/StepContext.ts';
import { pkce } from './pkce.ts';

/**
 * RFC 6749 §4.1 with PKCE (S256), prompt=none and login_hint, so no browser is needed: the authorization
 * request redirects straight back with a code, which the token request exchanges. Returns the access token
 * and the scopes granted, or undefined when the flow broke (oauth-flow says where).
 */
export async function obtainUserToken(
  s: StepContext,
  oauth: OAuthClientConfig,
  options: { reuseCode?: boolean } = {},
): Promise<{ token: string; scopes: string[] } | undefined> {
  const { verifier, challenge } = pkce(s.rng);
  const state = s.rng.hex(16);
  const authorizeQuery = {
    response_type: 'code',
    client_id: oauth.clientId,
    redirect_uri: oauth.redirectUri,
    scope: oauth.scopes.join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'none',
    login_hint: oauth.loginHint,
  };
  // The configured URLs are the authorize and token operations wherever they point (another origin included),
  // so their exchanges are judged and counted as those operations.
  // Its documented answer is an HTML page or a redirect, never JSON: no `Accept: application/json` (a validating server answers 406).
  const authorize = await s.sendRaw({
    method: 'GET',
    path: oauth.authorizationUrl,
    query: authorizeQuery,
    redirect: 'manual',
    accept: false,
    operationId: 'authorize',
  });
  if (s.check(oauthFlow, { exchange: authorize, stage: 'authorize', state }).some((f) => f.severity === 'SHOULD' || !authorize.response?.headers.location))
    return undefined;
  const location = authorize.response?.headers.location as string;
  const code = new URL(location, s.client.url(oauth.authorizationUrl)).searchParams.get('code') as string;

  const form: Record<string, string | undefined> = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: oauth.redirectUri,
    code_verifier: verifier,
    client_id: oauth.clientId,
  };
  const headers: Record<string, string> = {};
  if (oauth.clientSecret && oauth.authMethod === 'client_secret_post') form.client_secret = oauth.clientSecret;
  else if (oauth.clientSecret) {
    // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(oauth.clientId)}:${encodeURIComponent(oauth.clientSecret)}`).toString('base64')}`;
  }
  const token = await s.sendRaw({ method: 'POST', path: oauth.tokenUrl, form, headers, operationId: 'token' });
  if (s.check(oauthFlow, { exchange: token, stage: 'token' }).length > 0) return undefined;
  const body = token.response?.body;
  if (!isRecord(body) || typeof body.access_token !== 'string') return undefined;
  if (options.reuseCode) {
    // RFC 6749 §4.1.2: a code is good once; the second exchange must be refused (with a §5.2 error).
    const again = await s.sendRaw({ method: 'POST', path: oauth.tokenUrl, form, headers, operationId: 'token' });
    s.check(oauthFlow, { exchange: again, stage: 'reuse' });
  }
  s.client.secrets.add(body.access_token, ENV.userToken);
  if (typeof body.refresh_token === 'string') s.client.secrets.add(body.refresh_token, 'CONFORM_REFRESH_TOKEN');
  const scopes = typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : oauth.scopes;
  return { token: body.access_token, scopes };
}
