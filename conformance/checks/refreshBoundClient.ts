import type { Exchange } from '../client/Exchange.ts';
import { defineCheck } from './Check.ts';
import { judgeRefusal, OAUTH_RULES } from './oauthRules.ts';

/**
 * RFC 6749 §6: the server MUST "validate the refresh token" and "ensure that the refresh token was issued to
 * the authenticated client" (§10.4: refresh tokens are bound to the client they were issued to).
 */
export const refreshBoundClient = defineCheck<{ exchange: Exchange }>(
  'refresh-bound-client',
  "Another client cannot redeem a client's refresh token: invalid_grant (RFC 6749 §6, §10.4).",
  OAUTH_RULES,
  ({ exchange }, fail) =>
    judgeRefusal(fail, exchange, {
      what: "another client's refresh with this client's refresh token",
      rule: 'RFC 6749 §6: the refresh token MUST have been issued to the client',
      expected: ['invalid_grant'],
    }),
);
