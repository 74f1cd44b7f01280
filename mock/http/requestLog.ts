import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import { captureResponseBody } from './captureResponseBody.ts';
import { entryFromExchange, JOURNAL_BODY_LIMIT } from './entryFromExchange.ts';
import type { AppDeps } from './OperationHandler.ts';
import { requestDeps } from './requestDeps.ts';

export interface RequestLogOptions {
  log?: (line: string) => void;
}

/** What the answering code learns about a request and the log reports once it is answered. */
export interface RequestNotes {
  operationId?: string;
  /** Set when the mock's own answer broke the contract. */
  violations?: string[];
  /** The raw request body, once read (the journal keeps its head). */
  requestBody?: Buffer | string;
}

/**
 * One concise line per request (unless quiet), and a journal entry, in the journal of the request's session,
 * written when the answer is finished, bodies included. A request naming no valid session is journaled in the
 * default one (it is refused further on, with the reason). The controls and the docs' assets are not journaled
 * (the dashboard polls the former). A plain function over node:http, so the API pipeline and Express log alike.
 */
export function logRequest(deps: AppDeps, options: RequestLogOptions, req: IncomingMessage, res: ServerResponse, notes: RequestNotes): void {
  const started = performance.now();
  let session: AppDeps;
  try {
    session = requestDeps(deps, req);
  } catch {
    session = deps.sessions.defaultDeps;
  }
  const at = session.clock.iso();
  const url = req.url ?? '/';
  const journaled = !url.startsWith('/__mock') && !url.startsWith('/docs/');
  const captured = journaled ? captureResponseBody(res, JOURNAL_BODY_LIMIT + 1) : undefined;
  res.once('finish', () => {
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const { operationId, violations } = notes;
    if (captured) {
      // Only what the answer leaves behind is read now; parsing and masking wait until the journal is read.
      // Copies of the bodies' first bytes: the journal never keeps a whole upload or answer alive.
      const status = res.statusCode;
      const responseHeaders = res.getHeaders();
      const raw = notes.requestBody;
      const requestBytes = raw === undefined ? undefined : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      const requestBody = requestBytes ? Buffer.from(requestBytes.subarray(0, JOURNAL_BODY_LIMIT + 1)) : undefined;
      const requestSize = requestBytes?.length;
      const responseBody = captured.head();
      const responseSize = captured.size();
      session.journal.record(() => ({
        ...entryFromExchange({
          at,
          method: req.method ?? 'GET',
          url,
          requestHeaders: req.headers,
          requestBody,
          requestSize,
          status,
          responseHeaders,
          responseBody,
          responseSize,
          durationMs,
          operationId,
          violations,
        }),
        // The session it was answered in (named by the header or the cookie).
        session: session.session,
      }));
    }
    options.log?.(`${req.method} ${url} ${res.statusCode}${operationId ? ` ${operationId}` : ''} ${durationMs}ms${violations ? ` CONTRACT VIOLATION: ${violations.join('; ')}` : ''}`);
  });
}

/** The same, as Express middleware, for everything outside the API pipeline (controls, OAuth, unknown routes). */
export function requestLog(deps: AppDeps, options: RequestLogOptions = {}): RequestHandler {
  return (req, res, next) => {
    const notes = res.locals as RequestNotes;
    logRequest(deps, options, req, res, notes);
    // Express body parsers set req.body after this runs: read it when the answer is finished.
    Object.defineProperty(notes, 'requestBody', {
      configurable: true,
      enumerable: true,
      get: () => {
        const body: unknown = req.body;
        return Buffer.isBuffer(body) || typeof body === 'string' ? body : undefined;
      },
    });
    next();
  };
}
