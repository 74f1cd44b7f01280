import type { Exchange } from '../client/Exchange.ts';
import { defineCheck } from './Check.ts';
import { judgeRefusal, OAUTH_RULES } from './oauthRules.ts';

/**
 * RFC 6749 §4.1.3: the server MUST "ensure that the authorization code was issued to the authenticated
 * confidential client, or if the client is public, ensure that the code was issued to "client_id" in the
 * request"; §5.2: `invalid_grant` when the grant "was issued to another client".
 */
export const codeBoundClient = defineCheck<{ exchange: Exchange }>(
  'code-bound-client',
  "Another client cannot exchange a client's authorization code: invalid_grant (RFC 6749 §4.1.3).",
  OAUTH_RULES,
  ({ exchange }, fail) =>
    judgeRefusal(fail, exchange, {
      what: "another client's token request with this client's code",
      rule: 'RFC 6749 §4.1.3: the code MUST have been issued to the client',
      expected: ['invalid_grant'],
    }),
);
