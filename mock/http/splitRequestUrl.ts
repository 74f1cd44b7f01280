/**
 * The path and the query string of a request target, as Express reads them (parseurl): origin-form
 * (`/v1/groups?x=1`, RFC 9112 §3.2.1) by a split at the first `?`; anything else (absolute-form, a `#`)
 * through the URL parser. The path stays percent-encoded: the router decodes path parameters itself.
 */
export function splitRequestUrl(url: string): { path: string; search: string } {
  if (url.startsWith('/') && !url.includes('#')) {
    const q = url.indexOf('?');
    return q < 0 ? { path: url, search: '' } : { path: url.slice(0, q), search: url.slice(q + 1) };
  }
  try {
    const parsed = new URL(url, 'http://target.invalid');
    return { path: parsed.pathname, search: parsed.search.slice(1) };
  } catch {
    return { path: url, search: '' };
  }
}
