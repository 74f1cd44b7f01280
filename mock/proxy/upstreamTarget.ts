/** Where a request goes upstream, or why it goes nowhere (a 400 problem). */
export type UpstreamTarget = { url: URL; pathAndQuery: string } | { refused: string };

// RFC 3986 §3.1: a scheme followed by ':' starts an absolute URI.
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// A segment that RFC 3986 §5.2.4 removes or climbs with, in any spelling a URL parser decodes (`%2e`).
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The one place the proxy decides where a request goes: always the upstream fixed at start, plus the path and
 * query the client sent (under the upstream's own path, if it has one). A request-target that could name
 * anything else is refused, never resolved: absolute-form naming another authority (RFC 9112 §3.2.2: that
 * form is for a forward proxy the client chose, and this one is not), authority- and asterisk-form
 * (§3.2.3, §3.2.4), a path starting with `//` (a network-path reference: the next segment would be read as a
 * host), a backslash (WHATWG URL reads it as `/` in http URLs), dot segments (they would climb out of the
 * upstream's path) and a fragment (never part of a request-target). The URL is then built and checked: its
 * origin must be the upstream's and its path must start with the upstream's.
 *
 * `isSelf` says whether an authority is this proxy's own: absolute-form naming it is accepted as its path
 * (RFC 9112 §3.2.2: a server MUST accept the absolute-form), which changes nothing of where it goes.
 */
export function upstreamTarget(upstream: URL, requestTarget: string, isSelf: (authority: string) => boolean): UpstreamTarget {
  let pathAndQuery = requestTarget;
  if (requestTarget === '*')
    return { refused: 'asterisk-form (OPTIONS *) asks about a server, not a resource: this proxy forwards only paths (RFC 9112 §3.2.4).' };
  if (ABSOLUTE.test(requestTarget) && !requestTarget.startsWith('/')) {
    const match = /^(https?):\/\/([^/?#\\]*)(.*)$/i.exec(requestTarget);
    if (!match || !isSelf(match[2] as string))
      return {
        refused: `absolute-form naming another host: this proxy sends every request to its upstream ${upstream.origin}, never to a host a request names; send the path alone (origin-form, RFC 9112 §3.2.1).`,
      };
    const rest = match[3] as string;
    pathAndQuery = rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
  }
  if (!pathAndQuery.startsWith('/')) return { refused: 'The request-target is not in origin-form (a path starting with /, RFC 9112 §3.2.1).' };
  const path = pathAndQuery.split('?')[0] as string;
  if (path.startsWith('//')) return { refused: 'The path starts with //: read as a URL, its first segment would name another host (RFC 3986 §4.2).' };
  if (pathAndQuery.includes('\\')) return { refused: 'The request-target holds a backslash, which URL parsers read as a slash (WHATWG URL).' };
  if (pathAndQuery.includes('#')) return { refused: 'The request-target holds a fragment (#), which is never sent in a request (RFC 9110 §4.2.1).' };
  if (DOT_SEGMENT.test(path)) return { refused: 'The path holds a dot segment (. or ..), which would be removed or climb when resolved (RFC 3986 §5.2.4).' };
  const prefix = upstream.pathname.replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(prefix + pathAndQuery, upstream.origin);
  } catch {
    return { refused: 'The request-target is not a valid path.' };
  }
  // The checks above are the reasons a client can read; this one holds whatever they missed.
  if (url.origin !== upstream.origin || !url.pathname.startsWith(`${prefix}/`))
    return { refused: `The request-target would leave the upstream ${upstream.origin}${prefix}.` };
  return { url, pathAndQuery };
}
