import type { AppRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/** RFC 8252 §7.3 loopback hosts; "localhost" is allowed too, as §8.3 tolerates for local development. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * A loopback redirect URI: plain http (TLS is not possible for a loopback listener), a loopback host, no
 * userinfo, no fragment.
 */
export function isLoopbackRedirectUri(uri: string): boolean {
  const url = parseUrl(uri);
  return !!url && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && !url.username && !url.password && !uri.includes('#');
}

/** The raw text after the authority (path and query), as sent: no URL normalisation, so `/cb/../x` stays as it is. */
function rawPathAndQuery(uri: string): string | undefined {
  return /^http:\/\/[^/?#]*(.*)$/i.exec(uri)?.[1];
}

/**
 * RFC 8252 §7.3: a native or local app listens on a loopback address at a port chosen at run time, so for a
 * loopback redirect "only the port may vary": the path and query must equal a registered loopback URI's,
 * character for character (RFC 9700 §4.1.3: exact matching; `/callbackevil` or `/callback/../x` are other
 * URIs). The loopback names (127.0.0.1, [::1], localhost) are taken as one host: they all reach this machine,
 * and a client cannot know which one a browser resolves `localhost` to.
 */
export function matchesLoopbackRedirect(requested: string, registered: readonly string[]): boolean {
  if (!isLoopbackRedirectUri(requested)) return false;
  const path = rawPathAndQuery(requested);
  return path !== undefined && registered.some((uri) => isLoopbackRedirectUri(uri) && rawPathAndQuery(uri) === path);
}

/**
 * A page the mock serves itself (the /docs redirect page) under the origin it is reached at (`--public-url` or
 * the allow-listed Host): when a client registered that page's path on loopback, the same path on the mock's own
 * origin is the same page, so a mock shared under a public URL keeps its docs' login working. Nothing else of
 * another origin matches.
 */
export function matchesOwnPage(requested: string, registered: readonly string[], ownOrigin: string | undefined): boolean {
  if (!ownOrigin || !requested.startsWith(`${ownOrigin}/`)) return false;
  const path = requested.slice(ownOrigin.length);
  return registered.some((uri) => isLoopbackRedirectUri(uri) && rawPathAndQuery(uri) === path);
}

export type RedirectResolution = { ok: true; redirectUri: string; given: boolean } | { ok: false; reason: string };

/**
 * Which redirect URI an authorization request may use (RFC 6749 §3.1.2). Registered URIs match by exact
 * string comparison (§3.1.2.3; the Security BCP, RFC 9700 §4.1.3, forbids looser matching); a loopback URI
 * matches a registered loopback URI on any port (RFC 8252 §7.3), its path exactly. Without redirect_uri, the client's single registered URI is used; a client with several must say
 * which (§3.1.2.3).
 */
export function resolveRedirectUri(app: Stored<AppRecord>, requested: string | undefined, ownOrigin?: string): RedirectResolution {
  if (requested === undefined) {
    const [only, ...others] = app.redirectUris;
    if (only !== undefined && others.length === 0) return { ok: true, redirectUri: only, given: false };
    return {
      ok: false,
      reason:
        app.redirectUris.length === 0
          ? 'redirect_uri is required: this client has no registered redirect URI.'
          : `redirect_uri is required: this client registered ${app.redirectUris.length} (RFC 6749 §3.1.2.3).`,
    };
  }
  // §3.1.2: "The endpoint URI MUST NOT include a fragment component."
  if (requested.includes('#')) return { ok: false, reason: 'redirect_uri must not contain a fragment (RFC 6749 §3.1.2).' };
  const url = parseUrl(requested);
  if (!url) return { ok: false, reason: 'redirect_uri is not an absolute URI (RFC 6749 §3.1.2).' };
  if (app.redirectUris.includes(requested) || matchesLoopbackRedirect(requested, app.redirectUris) || matchesOwnPage(requested, app.redirectUris, ownOrigin))
    return { ok: true, redirectUri: requested, given: true };
  return {
    ok: false,
    reason: isLoopbackRedirectUri(requested)
      ? 'redirect_uri is a loopback URI whose path is not that of a registered one: only the port may differ (RFC 8252 §7.3, RFC 9700 §4.1.3).'
      : 'redirect_uri is neither registered for this client nor a loopback URI (RFC 8252 §7.3).',
  };
}

function parseUrl(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}
