import type { Request } from 'express';
import { mountPathOf } from '../mountPath.ts';
import { publicOrigin } from '../http/publicOrigin.ts';

/**
 * Where the client reached the mock, for the issuer and every absolute URL: the origin the host guard
 * (mock/http/hostGuard.ts) worked out from the public URL or the allow-listed Host (outside an app with that
 * guard, the same rule with only the built-in allow-list: loopback names and IP literals), then the path a host
 * app mounted the mock under (mockMiddleware under `/api`, the Vite plugin; '' for the server itself), so a
 * mounted mock names its own endpoints: `http://localhost:5173/api` is its issuer and its spec's server.
 */
export function requestOrigin(req: Request): string {
  const known: unknown = req.res?.locals.publicOrigin;
  return (typeof known === 'string' ? known : publicOrigin(req, {})) + (req.res ? mountPathOf(req.res) : '');
}
