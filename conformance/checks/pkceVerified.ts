import type { Exchange } from '../client/Exchange.ts';
import type { Severity } from './Check.ts';
import { defineCheck } from './Check.ts';
import { judgeRefusal, OAUTH_RULES } from './oauthRules.ts';

export interface PkceInput {
  exchange: Exchange;
  verifier: 'wrong' | 'missing';
  /**
   * MUST when the server advertises S256 (RFC 8414 `code_challenge_methods_supported`): it claims RFC 7636;
   * SHOULD otherwise (RFC 9700 §2.1.1 asks every server to support PKCE; the description names RFC 6749 only).
   */
  severity: Severity;
}

/**
 * RFC 7636 §4.6: the server recomputes the challenge from `code_verifier`; "If the values are not equal, an
 * error response indicating "invalid_grant" as described in Section 4.1.2 of [RFC6749] MUST be returned."
 * A code issued with a challenge and exchanged without a verifier is refused too (RFC 7636 §4.5:
 * `code_verifier` REQUIRED; `invalid_request` is as fair an answer as `invalid_grant`).
 */
export const pkceVerified = defineCheck<PkceInput>(
  'pkce-verified',
  'A code issued with an S256 challenge is refused with a wrong or no code_verifier (RFC 7636 §4.6).',
  OAUTH_RULES,
  ({ exchange, verifier, severity }, fail) =>
    judgeRefusal(
      (s, ...rest) => fail(s === 'MUST' ? severity : s, ...rest),
      exchange,
      verifier === 'wrong'
        ? { what: 'a token request with a wrong code_verifier', rule: 'RFC 7636 §4.6: invalid_grant MUST be returned', expected: ['invalid_grant'] }
        : {
            what: 'a token request without code_verifier for a code issued with a challenge',
            rule: 'RFC 7636 §4.5: code_verifier is REQUIRED',
            expected: ['invalid_grant', 'invalid_request'],
          },
    ),
);
