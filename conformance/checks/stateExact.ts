import type { Exchange } from '../client/Exchange.ts';
import { defineCheck } from './Check.ts';
import { OAUTH_RULES } from './oauthRules.ts';

/**
 * RFC 6749 §4.1.2: `state` is "REQUIRED if the "state" parameter was present in the client authorization
 * request. The exact value received from the client." Tried with a value that needs percent-encoding and
 * reaches beyond Latin-1, where a server that re-encodes, truncates or reads the query in another charset
 * answers something else; §10.12 rests CSRF protection on it.
 */
export const stateExact = defineCheck<{ exchange: Exchange; state: string; endpoint: string }>(
  'state-exact',
  'The authorization response returns `state` exactly as received, whatever its characters (RFC 6749 §4.1.2, §10.12).',
  { MUST: OAUTH_RULES.MUST },
  ({ exchange, state, endpoint }, fail) => {
    const res = exchange.response;
    const raw = res?.headers.location;
    // Without a redirect the flow broke earlier (oauth-flow says so).
    if (!res || res.status < 300 || res.status >= 400 || !raw) return [];
    let returned: string | null;
    try {
      returned = new URL(raw, endpoint).searchParams.get('state');
    } catch {
      return [];
    }
    if (returned === state) return [];
    return [
      fail('MUST', exchange, 'the redirect does not return the state exactly as it was sent (RFC 6749 §4.1.2: "The exact value received from the client")', {
        path: 'header location',
        expected: state,
        actual: returned,
      }),
    ];
  },
);
