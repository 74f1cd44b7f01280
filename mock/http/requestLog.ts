import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Clock } from '../clock.ts';
import type { Journal } from '../controls/Journal.ts';
import { captureResponseBody } from './captureResponseBody.ts';
import { entryFromExchange, JOURNAL_BODY_LIMIT } from './entryFromExchange.ts';

/**
 * One concise line per request (unless quiet), and a journal entry for GET /__mock/journal. The controls
 * and the docs' assets are not journaled (the dashboard polls the former); everything else is, bodies included.
 */
export function requestLog(options: { journal: Journal; clock: Clock; log?: (line: string) => void }): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const at = options.clock.iso();
    const journaled = !req.originalUrl.startsWith('/__mock') && !req.originalUrl.startsWith('/docs/');
    const captured = journaled ? captureResponseBody(res, JOURNAL_BODY_LIMIT + 1) : undefined;
    res.on('finish', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const operationId = res.locals.operationId as string | undefined;
      const violations = res.locals.violations as string[] | undefined;
      if (captured) {
        const body: unknown = req.body;
        options.journal.record(
          entryFromExchange({
            at,
            method: req.method,
            url: req.originalUrl,
            requestHeaders: req.headers,
            requestBody: Buffer.isBuffer(body) || typeof body === 'string' ? body : undefined,
            status: res.statusCode,
            responseHeaders: res.getHeaders(),
            responseBody: captured.head(),
            responseSize: captured.size(),
            durationMs,
            operationId,
            violations,
          }),
        );
      }
      options.log?.(`${req.method} ${req.originalUrl} ${res.statusCode}${operationId ? ` ${operationId}` : ''} ${durationMs}ms${violations ? ` CONTRACT VIOLATION: ${violations.join('; ')}` : ''}`);
    });
    next();
  };
}
