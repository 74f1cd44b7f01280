import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { AppDeps } from './OperationHandler.ts';
import { requestDeps } from './requestDeps.ts';

/**
 * One concise line per request (unless quiet), and a journal entry, in the journal of the request's session,
 * for GET /__mock/journal. A request naming no valid session is journaled in the default one (it is then
 * refused further on, with the reason).
 */
export function requestLog(deps: AppDeps, options: { log?: (line: string) => void }): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let session: AppDeps;
    try {
      session = requestDeps(deps, req);
    } catch {
      session = deps.sessions.defaultDeps;
    }
    const at = session.clock.iso();
    res.on('finish', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const operationId = res.locals.operationId as string | undefined;
      const violations = res.locals.violations as string[] | undefined;
      if (!req.originalUrl.startsWith('/__mock')) {
        session.journal.record({ at, method: req.method, url: req.originalUrl, operationId, status: res.statusCode, durationMs, ...(violations ? { violations } : {}) });
      }
      options.log?.(`${req.method} ${req.originalUrl} ${res.statusCode}${operationId ? ` ${operationId}` : ''} ${durationMs}ms${violations ? ` CONTRACT VIOLATION: ${violations.join('; ')}` : ''}`);
    });
    next();
  };
}
