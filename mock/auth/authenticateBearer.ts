import type { Clock } from '../clock.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { TokenRecord } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import { LruCache } from '../store/LruCache.ts';
import type { Stored } from '../store/Stored.ts';

export const REALM = 'edu-platform-mock';

/**
 * RFC 6750 §2.1 bearer authentication. A missing header gets a bare challenge (§3.1: no error code when
 * the request had no credentials); a malformed, unknown, revoked or expired token gets error="invalid_token".
 */
export function authenticateBearer(authorization: string | undefined, store: Store, clock: Clock): Stored<TokenRecord> {
  if (!authorization) {
    throw new HttpProblem('unauthorized', 'No bearer token was sent: add "Authorization: Bearer <token>".', {
      headers: { 'WWW-Authenticate': `Bearer realm="${REALM}"` },
    });
  }
  const value = bearerValue(authorization);
  if (value === undefined) return reject('The Authorization header is not "Bearer <token>" (RFC 6750 §2.1).');
  // The store is asked every time (a token may be revoked, or issued, at any moment); only the parsing of
  // the header and of the expiry, which depend on nothing else, is kept.
  const token = store.token(value);
  if (!token) return reject('The bearer token is unknown to this server.');
  if (token.revoked) return reject('The bearer token was revoked.');
  if (token.expiresAt && expiryMs(token.expiresAt) <= clock.now().getTime()) {
    return reject(`The bearer token expired at ${token.expiresAt}.`);
  }
  return token;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
// A client sends the same header on every request: the token it names is kept for the headers seen last
// (bounded: a script minting tokens must not grow the process).
const MAX_KEPT = 1000;
const bearerValues = new LruCache<string, string | null>(MAX_KEPT);
const expiries = new LruCache<string, number>(MAX_KEPT);

/** The token an `Authorization: Bearer …` header carries (RFC 6750 §2.1), undefined when it is not one. */
function bearerValue(authorization: string): string | undefined {
  return bearerValues.get(authorization, (header) => BEARER.exec(header)?.[1] ?? null) ?? undefined;
}

function expiryMs(expiresAt: string): number {
  return expiries.get(expiresAt, Date.parse);
}

function reject(detail: string): never {
  throw new HttpProblem('invalid_token', detail, {
    headers: { 'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` },
  });
}
