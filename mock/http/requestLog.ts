import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Clock } from '../clock.ts';
import type { Journal } from '../controls/Journal.ts';

export interface RequestLogOptions {
  journal: Journal;
  clock: Clock;
  log?: (line: string) => void;
}

/** What the answering code learns about a request and the log reports once it is answered. */
export interface RequestNotes {
  operationId?: string;
  /** Set when the mock's own answer broke the contract. */
  violations?: string[];
}

/**
 * One concise line per request (unless quiet), and a journal entry for GET /__mock/journal, written when the
 * answer is finished. A plain function over node:http, so the API pipeline and Express log the same way.
 */
export function logRequest(options: RequestLogOptions, req: IncomingMessage, res: ServerResponse, notes: RequestNotes): void {
  const started = performance.now();
  const at = options.clock.iso();
  const url = req.url ?? '/';
  res.once('finish', () => {
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const { operationId, violations } = notes;
    if (!url.startsWith('/__mock')) {
      options.journal.record({ at, method: req.method ?? 'GET', url, operationId, status: res.statusCode, durationMs, ...(violations ? { violations } : {}) });
    }
    options.log?.(`${req.method} ${url} ${res.statusCode}${operationId ? ` ${operationId}` : ''} ${durationMs}ms${violations ? ` CONTRACT VIOLATION: ${violations.join('; ')}` : ''}`);
  });
}

/** The same, as Express middleware, for everything outside the API pipeline (controls, OAuth, unknown routes). */
export function requestLog(options: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    logRequest(options, req, res, res.locals as RequestNotes);
    next();
  };
}
