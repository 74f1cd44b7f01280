import type { IncomingMessage } from 'node:http';
import { type HostPolicy, hostnameOf, isAllowedHost } from './hostAllowList.ts';

/**
 * The origin every absolute URL the mock serves starts with (OAuth issuer, served spec, banner): the public URL
 * when one is configured, else the scheme and `Host` the client used, once that host passed the allow-list.
 * X-Forwarded-Proto/-Host (first hop) are honoured only with `--trust-proxy` (any client can send them; only a
 * proxy in front of the mock makes them true) and under the same allow-list, so neither a rebinding page nor a
 * forged header can name the issuer.
 */
export function publicOrigin(req: IncomingMessage, policy: HostPolicy, localPort?: number): string {
  if (policy.publicUrl) return policy.publicUrl.replace(/\/+$/, '');
  const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
  const forwardedProto = policy.trustProxy ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const proto = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : encrypted ? 'https' : 'http';
  const forwardedHost = policy.trustProxy ? first(req.headers['x-forwarded-host']) : undefined;
  const usable = (host: string | undefined): host is string => host !== undefined && hostnameOf(host) !== undefined && isAllowedHost(host, policy);
  const host = usable(forwardedHost) ? forwardedHost : usable(req.headers.host) ? req.headers.host : `localhost${localPort ? `:${localPort}` : ''}`;
  return `${proto}://${host}`;
}

/** A `--public-url` value: an absolute http(s) URL without query or fragment; the reason it is not, else undefined. */
export function checkPublicUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `--public-url must be an absolute URL (http://host:port), got "${value}"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--public-url must be http or https, got "${value}"`;
  if (url.search || url.hash || url.username || url.password) return `--public-url must have no query, fragment or credentials, got "${value}"`;
  return undefined;
}
