import { maskUrl } from '../problems/maskSecrets.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import { type CapturedBody, captureResponseBody } from './captureResponseBody.ts';
import { type Exchange, JOURNAL_BODY_LIMIT } from '../journal/entryFromExchange.ts';
import type { Journal } from '../journal/Journal.ts';
import { type Arrival, arrivalOf, journaledAs } from '../sessions/frontDoor.ts';
import { isJournaled } from './journalExchange.ts';

export interface RequestLogOptions {
  log?: (line: string) => void;
}

/** What an Express route learns about a request and the log reports once it is answered. */
export interface RequestNotes {
  operationId?: string;
  /** Set when the mock's own answer broke the contract. */
  violations?: string[];
  /** The raw request body, once read (the journal keeps its head). */
  requestBody?: Buffer | string;
}

/** Everything the 'finish' listener needs, kept on the response (one listener function for all requests). */
interface Pending {
  journal: Journal;
  session: string;
  options: RequestLogOptions;
  notes: RequestNotes;
  started: number;
  at: Date;
  /** The head of what the route writes; only for journaled requests (the controls' answers are not kept). */
  captured: CapturedBody | undefined;
  journaled: boolean;
  /** The URL as it arrived: a mounted Express router (/__mock) has cut its prefix by the time the answer ends. */
  url: string;
}

const PENDING = Symbol('pendingLog');

/**
 * One concise line per request (unless quiet), and one exchange handed to the journal of the request's
 * session when the answer is finished, bodies included. A request the front door refused is journaled in the
 * default session (see Arrival). The controls and the docs' assets are not journaled (the dashboard polls the
 * former). For the Express routes (controls, OAuth pages, docs, unknown routes), which write their own
 * answers: the API lifecycle hands its finished exchange to the journal itself (journalExchange).
 */
export function logRequest(arrival: Arrival, options: RequestLogOptions, req: IncomingMessage, res: ServerResponse, notes: RequestNotes): void {
  const started = performance.now();
  const url = req.url ?? '/';
  // A browser asks every origin it shows a page of for /favicon.ico: only the mock's own pages do, never a client.
  const journaled = isJournaled(url);
  const pending: Pending = {
    journal: arrival.journal,
    session: journaledAs(arrival),
    options,
    notes,
    started,
    // The session's clock now; formatted only if the entry is ever read.
    at: arrival.clock.now(),
    captured: journaled ? captureResponseBody(res, JOURNAL_BODY_LIMIT + 1) : undefined,
    journaled,
    url,
  };
  (res as ServerResponse & { [PENDING]?: Pending })[PENDING] = pending;
  res.on('finish', onFinish);
}

function onFinish(this: ServerResponse): void {
  const res = this as ServerResponse & { [PENDING]?: Pending };
  const pending = res[PENDING];
  if (!pending) return;
  res[PENDING] = undefined;
  const req = res.req;
  const { notes, captured, options } = pending;
  const durationMs = Math.round((performance.now() - pending.started) * 10) / 10;
  const url = pending.url;
  if (pending.journaled) {
    // Only what the answer leaves behind is read now; parsing and masking wait until the journal is read.
    const exchange: Exchange = {
      at: pending.at,
      session: pending.session,
      method: req.method ?? 'GET',
      url,
      requestHeaders: req.headers,
      requestBody: notes.requestBody,
      status: res.statusCode,
      responseHeaders: res.getHeaders(),
      durationMs,
      operationId: notes.operationId,
      violations: notes.violations,
    };
    if (captured) {
      exchange.responseBody = captured.head();
      exchange.responseSize = captured.size();
    }
    pending.journal.record(exchange);
  }
  if (options.log) {
    const { operationId, violations } = notes;
    options.log(
      `${req.method} ${maskUrl(url)} ${res.statusCode}${operationId ? ` ${operationId}` : ''} ${durationMs}ms${violations ? ` CONTRACT VIOLATION: ${violations.join('; ')}` : ''}`,
    );
  }
}

/**
 * The same, as Express middleware, for everything outside the API pipeline (controls, OAuth, unknown routes),
 * on the arrival the app's front door left on the request.
 */
export function requestLog(options: RequestLogOptions = {}): RequestHandler {
  return (req, res, next) => {
    const notes = res.locals as RequestNotes;
    logRequest(arrivalOf(req), options, req, res, notes);
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
