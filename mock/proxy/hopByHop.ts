import type { IncomingHttpHeaders } from 'node:http';

/**
 * RFC 9110 §7.6.1 and RFC 9112 §7, §9.6: headers about one connection, never forwarded. `Proxy-Connection`
 * and `Keep-Alive` are not standard but sent by old clients with that meaning (RFC 9112 §9.6, appendix C.2.2).
 */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
]);

// RFC 9110 §5.6.2: a token; anything else in Connection names no header.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The end-to-end headers of a message, as a proxy passes them on: without the fixed hop-by-hop ones and
 * without every header the message's own `Connection` names (RFC 9110 §7.6.1: "a proxy or gateway MUST
 * remove any received connection options before forwarding"), whatever its name. Names come lower-cased.
 */
export function endToEndHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const named = new Set<string>();
  const connection = headers.connection;
  for (const line of Array.isArray(connection) ? connection : connection === undefined ? [] : [connection])
    for (const option of line.split(',')) {
      const name = option.trim().toLowerCase();
      if (TOKEN.test(name)) named.add(name);
    }
  const out: Record<string, string | string[]> = {};
  for (const [raw, value] of Object.entries(headers)) {
    const name = raw.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    out[name] = value;
  }
  return out;
}
