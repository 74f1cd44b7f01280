import type { AppRecord } from '../store/records.ts';

/** RFC 8252 §7.3 loopback hosts; "localhost" is allowed too, as §8.3 tolerates for local development. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * RFC 8252 §7.3: a native or local app listens on a loopback address at a port chosen at run time, so the
 * server accepts any port (and any path) there, registered or not. Only plain http: TLS is not possible
 * for a loopback listener.
 */
export function isLoopbackRedirectUri(uri: string): boolean {
  const url = parseUrl(uri);
  return !!url && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && !uri.includes('#');
}

export type RedirectResolution = { ok: true; redirectUri: string; given: boolean } | { ok: false; reason: string };

/**
 * Which redirect URI an authorization request may use (RFC 6749 §3.1.2). Registered URIs match by exact
 * string comparison (§3.1.2.3; the Security BCP §4.1.3 forbids looser matching); loopback URIs match on any
 * port. Without redirect_uri, the client's single registered URI is used; a client with several must say
 * which (§3.1.2.3).
 */
export function resolveRedirectUri(app: AppRecord, requested: string | undefined): RedirectResolution {
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
  if (app.redirectUris.includes(requested) || isLoopbackRedirectUri(requested)) return { ok: true, redirectUri: requested, given: true };
  return { ok: false, reason: 'redirect_uri is neither registered for this client nor a loopback URI (RFC 8252 §7.3).' };
}

function parseUrl(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}
