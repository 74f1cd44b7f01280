import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Clock } from '../clock.ts';
import type { Journal } from '../controls/Journal.ts';

/** One concise line per request (unless quiet), and a journal entry for GET /__mock/journal. */
export function requestLog(options: { journal: Journal; clock: Clock; log?: (line: string) => void }): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const at = options.clock.iso();
    res.on('finish', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const operationId = res.locals.operationId as string | undefined;
      const violations = res.locals.violations as string[] | undefined;
      if (!req.originalUrl.startsWith('/__mock')) {
        options.journal.record({ at, method: req.method, url: req.originalUrl, operationId, status: res.statusCode, durationMs, ...(violations ? { violations } : {}) });
      }
      options.log?.(`${req.method} ${req.originalUrl} ${res.statusCode}${operationId ? ` ${operationId}` : ''} ${durationMs}ms${violations ? ` CONTRACT VIOLATION: ${violations.join('; ')}` : ''}`);
    });
    next();
  };
}
