import type { Clock } from '../clock.ts';
import { HttpProblem } from '../http/HttpProblem.ts';
import type { TokenRecord } from '../store/records.ts';
import type { Store } from '../store/Store.ts';

export const REALM = 'edu-platform-mock';

/**
 * RFC 6750 §2.1 bearer authentication. A missing header gets a bare challenge (§3.1: no error code when
 * the request had no credentials); a malformed, unknown, revoked or expired token gets error="invalid_token".
 */
export function authenticateBearer(authorization: string | undefined, store: Store, clock: Clock): TokenRecord {
  if (!authorization) {
    throw new HttpProblem('unauthorized', 'No bearer token was sent: add "Authorization: Bearer <token>".', {
      headers: { 'WWW-Authenticate': `Bearer realm="${REALM}"` },
    });
  }
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  if (!match) return reject('The Authorization header is not "Bearer <token>" (RFC 6750 §2.1).');
  const token = store.token(match[1] as string);
  if (!token) return reject('The bearer token is unknown to this server.');
  if (token.revoked) return reject('The bearer token was revoked.');
  if (token.expiresAt && Date.parse(token.expiresAt) <= clock.now().getTime()) {
    return reject(`The bearer token expired at ${token.expiresAt}.`);
  }
  return token;
}

function reject(detail: string): never {
  throw new HttpProblem('invalid_token', detail, {
    headers: { 'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` },
  });
}
