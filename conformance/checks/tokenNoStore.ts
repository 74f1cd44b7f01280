import type { Exchange } from '../client/Exchange.ts';
import { defineCheck } from './Check.ts';
import { OAUTH_RULES } from './oauthRules.ts';

/**
 * RFC 6749 §5.1: "The authorization server MUST include the HTTP "Cache-Control" response header field
 * with a value of "no-store" in any response containing tokens". The flow works without it (a cache is what it
 * guards against), so the suite holds it as a SHOULD.
 */
export const tokenNoStore = defineCheck<{ exchange: Exchange }>(
  'token-no-store',
  'A token response carries Cache-Control: no-store (RFC 6749 §5.1).',
  { SHOULD: OAUTH_RULES.SHOULD },
  ({ exchange }, fail) => {
    const res = exchange.response;
    if (!res || res.status !== 200) return [];
    const directives = (res.headers['cache-control'] ?? '')
      .toLowerCase()
      .split(',')
      .map((d) => d.trim());
    if (directives.includes('no-store')) return [];
    return [
      fail('SHOULD', exchange, 'a response carrying tokens may be cached: no Cache-Control: no-store (RFC 6749 §5.1)', {
        path: 'header cache-control',
        expected: 'no-store',
        actual: res.headers['cache-control'],
      }),
    ];
  },
);
