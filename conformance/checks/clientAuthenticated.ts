import type { Exchange } from '../client/Exchange.ts';
import { defineCheck, type CheckFailure } from './Check.ts';
import { judgeRefusal, OAUTH_RULES } from './oauthRules.ts';

export interface ClientAuthInput {
  exchange: Exchange;
  /** What was wrong: a wrong secret over HTTP Basic or in the body, or no secret at all. */
  credentials: 'wrong-basic' | 'wrong-post' | 'missing';
}

const WHAT: Record<ClientAuthInput['credentials'], string> = {
  'wrong-basic': 'a token request of a confidential client with a wrong secret over HTTP Basic',
  'wrong-post': 'a token request of a confidential client with a wrong client_secret in the body',
  missing: 'a token request of a confidential client without its secret (client_id alone)',
};

/**
 * RFC 6749 §3.2.1: "Confidential clients ... MUST authenticate with the authorization server" at the token
 * endpoint, and §4.1.3 the server MUST "require client authentication for confidential clients"; §5.2:
 * `invalid_client`, and "If the client attempted to authenticate via the "Authorization" request header
 * field, the authorization server MUST respond with an HTTP 401 (Unauthorized) status code and include the
 * "WWW-Authenticate" response header field".
 */
export const clientAuthenticated = defineCheck<ClientAuthInput>(
  'client-authenticated',
  'A confidential client with a wrong or missing secret is refused: invalid_client, 401 with WWW-Authenticate over Basic (RFC 6749 §3.2.1, §5.2).',
  OAUTH_RULES,
  ({ exchange, credentials }, fail) => {
    const out: CheckFailure[] = judgeRefusal(fail, exchange, {
      what: WHAT[credentials],
      rule: 'RFC 6749 §3.2.1: confidential clients MUST authenticate',
      expected: ['invalid_client'],
    });
    const res = exchange.response;
    if (out.length > 0 || !res || res.status < 400 || res.status >= 500 || credentials !== 'wrong-basic') return out;
    if (res.status !== 401)
      out.push(
        fail(
          'MUST',
          exchange,
          `${WHAT[credentials]} was answered ${res.status}; RFC 6749 §5.2: MUST respond 401 when the client used the Authorization header`,
          {
            expected: 401,
            actual: res.status,
          },
        ),
      );
    else if (!res.headers['www-authenticate'])
      out.push(
        fail('MUST', exchange, 'the 401 to a failed HTTP Basic client authentication has no WWW-Authenticate (RFC 6749 §5.2: MUST include it)', {
          path: 'header www-authenticate',
          expected: 'Basic realm=...',
          actual: undefined,
        }),
      );
    return out;
  },
);
