import type { Exchange } from '../client/Exchange.ts';
import { defineCheck } from './Check.ts';
import { judgeRefusal, OAUTH_RULES } from './oauthRules.ts';

/**
 * RFC 6749 §4.1.3: the server MUST "ensure that the "redirect_uri" parameter is present if the
 * "redirect_uri" parameter was included in the initial authorization request ..., and if included ensure
 * that their values are identical"; §5.2 names `invalid_grant` for a code that "does not match the
 * redirection URI used in the authorization request".
 */
export const codeBoundRedirectUri = defineCheck<{ exchange: Exchange }>(
  'code-bound-redirect-uri',
  'A code exchanged with another redirect_uri than its authorization request carried is refused, invalid_grant (RFC 6749 §4.1.3).',
  OAUTH_RULES,
  ({ exchange }, fail) =>
    judgeRefusal(fail, exchange, {
      what: 'a token request with another redirect_uri than the authorization request',
      rule: 'RFC 6749 §4.1.3: the values MUST be identical',
      expected: ['invalid_grant'],
    }),
);
