import type { IncomingMessage } from 'node:http';

const SAFE = new Set(['GET', 'HEAD']);

/**
 * Why a browser request from another site must not reach the upstream, or undefined. The proxy forwards the
 * user's cookies and answers with the upstream's CORS headers, so a page of another origin could make it
 * write (a `text/plain` POST needs no preflight) or, when the upstream allows any origin, read. The rule:
 * - an `Origin` (every browser sends one on writes and on CORS reads, Fetch §3.1) must be the proxy's own
 *   (`http(s)://` + the Host that passed the allow-list) or one of `allowedOrigins` (`--allowed-origins`),
 *   compared as serialised origins; `null` (a sandboxed or opaque page) never passes;
 * - without one, Fetch Metadata (`Sec-Fetch-Site`) decides: a read a browser marks `cross-site` (an `<img>`
 *   or a link) is refused, and a write not `same-origin` or `none` (the user's own action) is refused.
 * Clients that are not browsers send neither and pass.
 */
export function crossSiteRefusal(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): string | undefined {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (origin !== undefined) {
    const given = origin.trim().toLowerCase();
    const host = (req.headers.host ?? '').toLowerCase();
    if (given === `http://${host}` || given === `https://${host}` || allowedOrigins.has(given)) return undefined;
    return `The proxy forwards browser requests only from its own origin or from one given with --allowed-origins; this one came from ${JSON.stringify(origin.slice(0, 100))}.`;
  }
  const method = req.method ?? 'GET';
  if (site === 'cross-site' || (!SAFE.has(method) && site !== undefined && site !== 'same-origin' && site !== 'none'))
    return `The proxy forwards no request a browser marks as sent by another site (Sec-Fetch-Site: ${String(site).slice(0, 20)}) without an allowed Origin.`;
  return undefined;
}

/** An origin as browsers serialise it (RFC 6454 §6.1): scheme://host[:port], lower-cased, no path. */
export function normalizeOrigin(text: string): string {
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`not an http(s) origin: ${text}`);
  return url.origin.toLowerCase();
}
