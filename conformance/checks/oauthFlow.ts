import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, type CheckFailure } from './Check.ts';
import { isRecord } from './values.ts';

/**
 * The authorization-code flow the suite drives (RFC 6749 §4.1, PKCE RFC 7636, prompt=none with login_hint).
 * The description names the two URLs only; the rest is our decision (SHOULD).
 */
export const oauthFlow = defineCheck<{ exchange: Exchange; stage: 'authorize' | 'token'; state?: string }>('oauth-flow', 'The authorization-code flow with PKCE yields a code and a bearer token.', { SHOULD: decided('User-info and OAuth') }, ({ exchange, stage, state }, fail) => {
  const res = exchange.response;
  if (!res) return [];
  const out: CheckFailure[] = [];
  if (stage === 'authorize') {
    const location = res.headers.location;
    if (res.status < 300 || res.status >= 400 || !location) return [fail('SHOULD', exchange, `the authorization request with prompt=none was answered ${res.status} without a redirect`, { expected: '302 with Location', actual: res.status })];
    const query = new URL(location, 'http://redirect.invalid').searchParams;
    if (query.get('error')) out.push(fail('SHOULD', exchange, `the authorization request was refused: ${query.get('error')} ${query.get('error_description') ?? ''}`.trim(), { path: 'header location', expected: 'code', actual: query.get('error') }));
    else if (!query.get('code')) out.push(fail('SHOULD', exchange, 'the redirect carries no code', { path: 'header location', expected: 'code=...', actual: location }));
    if (state !== undefined && query.get('state') !== state) out.push(fail('SHOULD', exchange, 'the redirect does not return the state sent (RFC 6749 §4.1.2)', { path: 'header location', expected: state, actual: query.get('state') }));
    return out;
  }
  const body = res.body;
  if (res.status !== 200 || !isRecord(body)) return [fail('SHOULD', exchange, `the token request was answered ${res.status}`, { expected: 200, actual: isRecord(body) && body.error ? `${res.status} ${String(body.error)}` : res.status })];
  if (typeof body.access_token !== 'string') out.push(fail('SHOULD', exchange, 'the token response has no access_token', { path: 'response.access_token', expected: 'a string', actual: body.access_token }));
  if (typeof body.token_type !== 'string' || body.token_type.toLowerCase() !== 'bearer') out.push(fail('SHOULD', exchange, 'the token is not a bearer token', { path: 'response.token_type', expected: 'Bearer', actual: body.token_type }));
  return out;
});
