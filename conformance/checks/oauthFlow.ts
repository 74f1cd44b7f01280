import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';
import { isRecord } from './values.ts';

/**
 * The authorization-code flow the suite drives (RFC 6749 §4.1, PKCE RFC 7636, prompt=none with login_hint).
 * The description names the flow ("OAuth 2.0 authorization code flow"), so what RFC 6749 requires of every
 * such server is a MUST: the `state` sent comes back with the code (§4.1.2), a code is good once ("the
 * authorization server MUST deny the request", §4.1.2); the shape of a refusal is token-error-shape's (§5.2).
 * How the suite logs in without a browser (PKCE, prompt=none, login_hint) is our decision (SHOULD).
 */
export const oauthFlow = defineCheck<{ exchange: Exchange; stage: 'authorize' | 'token' | 'reuse'; state?: string }>(
  'oauth-flow',
  'The authorization-code flow with PKCE yields a code and a bearer token; RFC 6749 holds (state returned, a code used once).',
  { MUST: stated('Endpoint 1 uses OAuth 2.0 authorization code flow.'), SHOULD: decided('User-info and OAuth') },
  ({ exchange, stage, state }, fail) => {
    const res = exchange.response;
    if (!res) return [];
    const out: CheckFailure[] = [];
    if (stage === 'reuse') {
      // The refusal's body is token-error-shape's: one bug, one finding.
      if (res.status >= 200 && res.status < 400)
        return [
          fail(
            'MUST',
            exchange,
            `an authorization code already exchanged was exchanged again (answered ${res.status}); RFC 6749 §4.1.2: the server MUST deny it`,
            { expected: '400 invalid_grant', actual: res.status },
          ),
        ];
      return out;
    }
    if (stage === 'authorize') {
      const location = res.headers.location;
      if (res.status < 300 || res.status >= 400 || !location)
        return [
          fail('SHOULD', exchange, `the authorization request with prompt=none was answered ${res.status} without a redirect`, {
            expected: '302 with Location',
            actual: res.status,
          }),
        ];
      const query = new URL(location, 'http://redirect.invalid').searchParams;
      if (query.get('error'))
        out.push(
          fail('SHOULD', exchange, `the authorization request was refused: ${query.get('error')} ${query.get('error_description') ?? ''}`.trim(), {
            path: 'header location',
            expected: 'code',
            actual: query.get('error'),
          }),
        );
      else if (!query.get('code'))
        out.push(fail('SHOULD', exchange, 'the redirect carries no code', { path: 'header location', expected: 'code=...', actual: location }));
      if (state !== undefined && query.get('state') !== state)
        out.push(
          fail('MUST', exchange, 'the redirect does not return the state sent (RFC 6749 §4.1.2: REQUIRED when the request carried one)', {
            path: 'header location',
            expected: state,
            actual: query.get('state'),
          }),
        );
      return out;
    }
    const body = res.body;
    if (res.status !== 200 || !isRecord(body))
      return [
        fail('SHOULD', exchange, `the token request was answered ${res.status}`, {
          expected: 200,
          actual: isRecord(body) && body.error ? `${res.status} ${String(body.error)}` : res.status,
        }),
      ];
    if (typeof body.access_token !== 'string')
      out.push(
        fail('SHOULD', exchange, 'the token response has no access_token', { path: 'response.access_token', expected: 'a string', actual: body.access_token }),
      );
    if (typeof body.token_type !== 'string' || body.token_type.toLowerCase() !== 'bearer')
      out.push(fail('SHOULD', exchange, 'the token is not a bearer token', { path: 'response.token_type', expected: 'Bearer', actual: body.token_type }));
    return out;
  },
);
