import type { Request } from 'express';
import { publicOrigin } from '../http/publicOrigin.ts';

/**
 * The origin the client used to reach the mock, for the issuer and every absolute URL: the one the host guard
 * (mock/http/hostGuard.ts) worked out from the public URL or the allow-listed Host; outside an app with that
 * guard, the same rule with only the built-in allow-list (loopback names and IP literals).
 */
export function requestOrigin(req: Request): string {
  const known: unknown = req.res?.locals.publicOrigin;
  return typeof known === 'string' ? known : publicOrigin(req, {});
}
