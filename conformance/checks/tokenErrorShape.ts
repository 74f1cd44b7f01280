import type { Exchange } from '../client/Exchange.ts';
import { mediaTypeOf } from './ExchangeInput.ts';
import { defineCheck, type CheckFailure } from './Check.ts';
import { OAUTH_RULES, TOKEN_ERROR_CODES, tokenErrorOf } from './oauthRules.ts';

/**
 * RFC 6749 §5.2: a refused token request is answered with "the following parameters ... using the
 * "application/json" media type": `error` REQUIRED, "A single ASCII error code from the following"; "400
 * (Bad Request) unless specified otherwise" (401 for `invalid_client` over HTTP Basic). The JSON `error` is
 * what a client library reads (MUST); the status and a code from the list are SHOULD, as servers differ there
 * (401 `unauthorized_client` for a bad secret is common).
 */
export const tokenErrorShape = defineCheck<{ exchange: Exchange }>(
  'token-error-shape',
  'A refused token request is answered RFC 6749 §5.2 JSON: `error` from the registered codes, 400 (401 for invalid_client).',
  OAUTH_RULES,
  ({ exchange }, fail) => {
    const res = exchange.response;
    if (!res || res.status < 400 || res.status >= 500) return [];
    const error = tokenErrorOf(exchange);
    if (error === undefined || !mediaTypeOf(res.headers['content-type']).endsWith('json'))
      return [
        fail('MUST', exchange, `a refused token request was answered ${res.status} without an RFC 6749 §5.2 body (application/json with "error")`, {
          path: 'response.error',
          expected: '{"error": "invalid_grant", ...} as application/json',
          actual: `${res.headers['content-type'] ?? 'no content-type'}: ${res.bodyText.slice(0, 120)}`,
        }),
      ];
    const out: CheckFailure[] = [];
    if (!TOKEN_ERROR_CODES.includes(error))
      out.push(
        fail('SHOULD', exchange, `"${error}" is not an RFC 6749 §5.2 error code`, {
          path: 'response.error',
          expected: TOKEN_ERROR_CODES.join(', '),
          actual: error,
        }),
      );
    const expectedStatus = error === 'invalid_client' ? [400, 401] : [400];
    if (!expectedStatus.includes(res.status))
      out.push(
        fail('SHOULD', exchange, `a token error "${error}" was answered ${res.status} (RFC 6749 §5.2: 400 unless specified otherwise)`, {
          expected: expectedStatus.join(' or '),
          actual: res.status,
        }),
      );
    return out;
  },
);
