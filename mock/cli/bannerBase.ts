import type { AddressInfo } from 'node:net';

/**
 * The URL the banner tells a user to open: the public URL when given; `http://localhost:PORT` when bound to
 * the default 127.0.0.1 or to every interface, the name the README and the docs' registered OAuth redirect
 * (`http://localhost:4010/docs/oauth2-redirect.html`) use; else the address bound.
 */
export function bannerBase(address: Pick<AddressInfo, 'address' | 'family' | 'port'>, publicUrl?: string): string {
  if (publicUrl !== undefined) return publicUrl;
  if (['127.0.0.1', '0.0.0.0', '::'].includes(address.address)) return `http://localhost:${address.port}`;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}
