import type { Exchange } from '../client/Exchange.ts';
import { defineCheck } from './Check.ts';
import { OAUTH_RULES } from './oauthRules.ts';

/**
 * RFC 6749 §4.1.2: "If an authorization code is used more than once, the authorization server MUST deny the
 * request and SHOULD revoke (when possible) all tokens previously issued based on that authorization code"
 * (§10.5). The denial is oauth-flow's (MUST); this is the revocation: the token issued from the code, used
 * after the replay, is refused (SHOULD).
 */
export const codeReuseRevokes = defineCheck<{ exchange: Exchange; token: 'access token' | 'refresh token' }>(
  'code-reuse-revokes',
  'After an authorization code is replayed, the tokens issued from it are revoked (RFC 6749 §4.1.2, §10.5).',
  { SHOULD: OAUTH_RULES.SHOULD },
  ({ exchange, token }, fail) => {
    const status = exchange.response?.status;
    if (status === undefined || status >= 300) return [];
    return [
      fail('SHOULD', exchange, `the ${token} issued from a code that was then replayed still works (answered ${status}); RFC 6749 §4.1.2: SHOULD revoke it`, {
        expected: 'refused (401 or 400 invalid_grant)',
        actual: status,
      }),
    ];
  },
);
