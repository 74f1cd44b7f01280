import type { Request } from 'express';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the client used to reach the mock, so the metadata's URLs work behind a proxy or a tunnel:
 * X-Forwarded-Proto/-Host when sent (first hop), else the request's own scheme and Host. A value that is not
 * a plain scheme or host is ignored rather than echoed into URLs.
 */
export function requestOrigin(req: Request): string {
  const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
  const forwardedProto = first(req.headers['x-forwarded-proto'])?.toLowerCase();
  const proto = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : req.protocol;
  const forwardedHost = first(req.headers['x-forwarded-host']);
  const host = forwardedHost && HOST.test(forwardedHost) ? forwardedHost : req.headers.host && HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  return `${proto}://${host}`;
}
