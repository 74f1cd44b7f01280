import type { Exchange } from '../client/Exchange.ts';
import { defineCheck, type CheckFailure } from './Check.ts';
import { OAUTH_RULES } from './oauthRules.ts';

export interface RedirectUriInput {
  exchange: Exchange;
  /** The redirect_uri sent, which is not the registered one. */
  sent: string;
  /** Another origin than the registered URI's (MUST under RFC 6749), or the registered URI altered (RFC 9700 §2.1). */
  kind: 'foreign' | 'altered';
  /** The authorization endpoint's own URL: a redirect to its own origin is an error page, not the client. */
  endpoint: string;
}

/** Whether `location` points at `sent`: same origin and path, and every query parameter of `sent` carried. */
function pointsAt(location: URL, sent: URL): boolean {
  if (location.origin !== sent.origin || location.pathname !== sent.pathname) return false;
  return [...sent.searchParams].every(([name, value]) => location.searchParams.getAll(name).includes(value));
}

/**
 * RFC 6749 §3.1.2.4 and §4.1.2.1: a redirect_uri that is not registered is refused and the server "MUST NOT
 * automatically redirect the user-agent to the invalid redirection URI" (it "SHOULD inform the resource owner").
 * Another origin breaks RFC 6749 whatever was registered (MUST); the registered URI with a longer path or an
 * extra query parameter breaks the Security BCP's exact string matching (RFC 9700 §2.1; SHOULD). A code issued
 * for a refused request is a MUST whatever the redirect.
 */
export const redirectUriExact = defineCheck<RedirectUriInput>(
  'redirect-uri-exact',
  'An unregistered or altered redirect_uri is refused and never redirected to (RFC 6749 §3.1.2, §4.1.2.1; RFC 9700 §2.1).',
  OAUTH_RULES,
  ({ exchange, sent, kind, endpoint }, fail) => {
    const res = exchange.response;
    if (!res || res.status >= 500) return [];
    const raw = res.headers.location;
    if (res.status < 300 || res.status >= 400 || !raw) return [];
    let location: URL;
    try {
      location = new URL(raw, endpoint);
    } catch {
      return [];
    }
    const severity = kind === 'foreign' ? 'MUST' : 'SHOULD';
    const why = kind === 'foreign' ? 'RFC 6749 §4.1.2.1' : 'RFC 9700 §2.1: exact string matching';
    const out: CheckFailure[] = [];
    if (pointsAt(location, new URL(sent)))
      out.push(
        fail(
          severity,
          exchange,
          `the authorization request with an unregistered redirect_uri (${kind === 'foreign' ? 'another origin' : 'the registered one altered'}) was redirected to it (${why}: MUST NOT redirect to an invalid redirection URI)`,
          {
            path: 'header location',
            expected: 'an error page, no redirect',
            actual: raw,
          },
        ),
      );
    else if (location.searchParams.has('code'))
      out.push(
        fail(severity, exchange, `a code was issued for an authorization request with an unregistered redirect_uri (${why})`, {
          path: 'header location',
          expected: 'no code',
          actual: raw,
        }),
      );
    else if (location.origin !== new URL(endpoint).origin)
      out.push(
        fail(
          'SHOULD',
          exchange,
          'an unregistered redirect_uri was answered with a redirect to the client, not a page (RFC 6749 §4.1.2.1: SHOULD inform the resource owner)',
          {
            path: 'header location',
            expected: 'an error page',
            actual: raw,
          },
        ),
      );
    return out;
  },
);
