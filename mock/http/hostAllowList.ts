import { isIP } from 'node:net';

/** What decides whether a `Host` names this mock (see allowedHost). */
export interface HostPolicy {
  /** Extra host names (`--allowed-hosts`): `name`, or `.example.com` for it and its subdomains; `all` allows any. */
  allowedHosts?: readonly string[];
  /** The address the server is bound to (`--host`). */
  boundHost?: string;
  /** The configured public URL (`--public-url`): its host is the mock's own. */
  publicUrl?: string;
  /** X-Forwarded-Proto/-Host are read only when set (`--trust-proxy`): any client can send them. */
  trustProxy?: boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** The host name of a `Host` header value, lower-cased, without port or IPv6 brackets; undefined if malformed. */
export function hostnameOf(host: string): string | undefined {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._-]+))(?::(\d{1,5}))?$/.exec(host.trim());
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? '').toLowerCase().replace(/\.$/, '');
}

/** Loopback names and addresses: the whole 127/8 block, ::1, localhost and its subdomains (RFC 6761 §6.3). */
export function isLoopbackHost(name: string): boolean {
  const host = name.replace(/^\[|\]$/g, '').toLowerCase();
  return LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '::ffff:127.0.0.1';
}

/**
 * Whether a request's `Host` names this mock. DNS rebinding (a page on evil.example whose name is re-pointed
 * at 127.0.0.1) reaches the mock with `Host: evil.example`, so only names the mock knows as its own pass:
 * loopback names, IP literals (a rebinding page cannot make the browser send one: as Vite's `allowedHosts`
 * default), the bound address, the public URL's host and the names given with `--allowed-hosts`.
 */
export function isAllowedHost(host: string | undefined, policy: HostPolicy): boolean {
  // HTTP/1.0 clients may omit Host; a browser never does, so there is nothing to rebind.
  if (host === undefined) return true;
  const name = hostnameOf(host);
  if (name === undefined) return false;
  if (isLoopbackHost(name) || isIP(name) !== 0) return true;
  if (policy.boundHost && hostnameOf(policy.boundHost) === name) return true;
  if (policy.publicUrl && new URL(policy.publicUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase() === name) return true;
  for (const allowed of policy.allowedHosts ?? []) {
    const entry = allowed.trim().toLowerCase();
    if (entry === 'all') return true;
    if (entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry) return true;
  }
  return false;
}
