import type { RequestHandler } from 'express';
import { type ControlsGuardOptions, refuseControl } from '../http/controlsGuard.ts';
import { writeProblem } from './writeProblem.ts';

/**
 * The same guard as Express middleware mounted on `/__mock`, for the validating proxy's own controls (the proxy
 * is an Express app of its own): the request's origin is the one its host guard fixed (`res.locals.publicOrigin`).
 */
export function proxyControlsGuard(options: ControlsGuardOptions): RequestHandler {
  return (req, res, next) => {
    const known: unknown = res.locals.publicOrigin;
    const path = `/__mock${req.path === '/' ? '' : req.path}`;
    const problem = refuseControl(
      { method: req.method, url: req.originalUrl, path, search: '', headers: req.headers, ...(typeof known === 'string' ? { origin: known } : {}) },
      options,
    );
    if (problem) writeProblem(res, problem, req.originalUrl);
    else next();
  };
}
