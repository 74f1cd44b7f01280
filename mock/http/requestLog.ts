import { journalEntryBytes } from '../journal/journalEntryBytes.ts';
import { maskUrl } from '../journal/maskSecrets.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { JournalEntry } from '../journal/JournalEntry.ts';
import { type CapturedBody, captureResponseBody } from './captureResponseBody.ts';
import { entryFromExchange, type Exchange, JOURNAL_BODY_LIMIT } from '../journal/entryFromExchange.ts';
import { serializeJson } from '../present/JsonFragment.ts';
import type { Session } from '../sessions/Session.ts';
import { requestDeps } from '../sessions/requestDeps.ts';

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
  /**
   * The answer's body and head as the API pipeline wrote them (writeApiResponse), so the journal need not
   * wrap the response to see them. `responseHeaders` is a flat name, value list, set only when it is the
   * whole head (nothing was set on the response before).
   */
  responseBody?: string | Buffer;
  /** Its bytes in UTF-8 (its Content-Length). */
  responseSize?: number;
  /** The value it was serialized from, when that is an envelope of shared fragments (see isFragmentEnvelope). */
  responseValue?: unknown;
  responseHeaders?: readonly string[];
}

/** What a finished request leaves for its journal entry, built when the journal is read. */
interface Kept extends Omit<Exchange, 'at'> {
  at: Date;
  session: string;
  /** An answer made of shared fragments, serialized again when the journal is read (see below). */
  responseValue?: unknown;
  responseHeaderList?: readonly string[];
}

const NO_HEADERS: Kept['responseHeaders'] = Object.freeze({});

/** Everything the 'finish' listener needs, kept on the response (one listener function for all requests). */
interface Pending {
  deps: Session;
  session: Session;
  options: RequestLogOptions;
  notes: RequestNotes;
  started: number;
  at: Date;
  captured: CapturedBody | undefined;
  journaled: boolean;
  /** The URL as it arrived: a mounted Express router (/__mock) has cut its prefix by the time the answer ends. */
  url: string;
}

const PENDING = Symbol('pendingLog');

/**
 * One concise line per request (unless quiet), and a journal entry, in the journal of the request's session,
 * written when the answer is finished, bodies included. A request naming no valid session is journaled in the
 * default one (it is refused further on, with the reason). The controls and the docs' assets are not journaled
 * (the dashboard polls the former). A plain function over node:http, so the API pipeline and Express log alike.
 * `capture`: false when the writer fills `notes.responseBody` itself (the API pipeline), so the response's
 * write and end are not wrapped.
 */
export function logRequest(deps: Session, options: RequestLogOptions, req: IncomingMessage, res: ServerResponse, notes: RequestNotes, capture = true): void {
  const started = performance.now();
  let session: Session;
  try {
    session = requestDeps(deps, req);
  } catch {
    session = deps.sessions.defaultDeps;
  }
  const url = req.url ?? '/';
  // A browser asks every origin it shows a page of for /favicon.ico: only the mock's own pages do, never a client.
  const journaled = !url.startsWith('/__mock') && !url.startsWith('/docs/') && url !== '/favicon.ico';
  const pending: Pending = {
    deps,
    session,
    options,
    notes,
    started,
    // The session's clock now; formatted only if the entry is ever read.
    at: session.clock.now(),
    captured: journaled && capture ? captureResponseBody(res, JOURNAL_BODY_LIMIT + 1) : undefined,
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
  const { notes, session, captured, options } = pending;
  const durationMs = Math.round((performance.now() - pending.started) * 10) / 10;
  const url = pending.url;
  if (pending.journaled) {
    // Only what the answer leaves behind is read now; parsing and masking wait until the journal is read.
    // The journal never keeps a whole upload or answer alive: a body longer than it keeps is cut to a copy.
    const raw = notes.requestBody;
    const requestBytes = raw === undefined ? undefined : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const requestBody = requestBytes && requestBytes.length > JOURNAL_BODY_LIMIT + 1 ? Buffer.from(requestBytes.subarray(0, JOURNAL_BODY_LIMIT + 1)) : requestBytes;
    let responseBody: Buffer | string | undefined;
    let responseSize: number;
    let responseValue: unknown;
    if (captured) {
      responseBody = captured.head();
      responseSize = captured.size();
    } else {
      const written = notes.responseBody;
      responseSize = written === undefined ? 0 : (notes.responseSize ?? Buffer.byteLength(written));
      // An answer of shared fragments is kept as that envelope (its bytes are made again when read), which
      // costs the journal no copy of them; any other long answer is cut to a copy of its head (V8 would keep
      // the whole string alive behind a slice of it).
      if (written !== undefined && notes.responseValue !== undefined) responseValue = notes.responseValue;
      else if (written === undefined || responseSize <= JOURNAL_BODY_LIMIT + 1) responseBody = written;
      else responseBody = Buffer.from(typeof written === 'string' ? written.slice(0, JOURNAL_BODY_LIMIT + 1) : written.subarray(0, JOURNAL_BODY_LIMIT + 1));
    }
    const kept: Kept = {
      at: pending.at,
      method: req.method ?? 'GET',
      url,
      requestHeaders: req.headers,
      requestBody,
      requestSize: requestBytes?.length,
      status: res.statusCode,
      // The head the pipeline wrote is kept as written (a list) and turned into an object only if read.
      responseHeaders: notes.responseHeaders ? NO_HEADERS : res.getHeaders(),
      responseHeaderList: notes.responseHeaders,
      responseBody,
      responseSize,
      responseValue,
      durationMs,
      operationId: notes.operationId,
      violations: notes.violations,
      // The session it was answered in (named by the header or the cookie).
      session: session.session,
    };
    session.journal.recordLazy(kept, entryOfKept, journalEntryBytes(kept, JOURNAL_BODY_LIMIT));
  }
  if (options.log) {
    const { operationId, violations } = notes;
    options.log(`${req.method} ${maskUrl(url)} ${res.statusCode}${operationId ? ` ${operationId}` : ''} ${durationMs}ms${violations ? ` CONTRACT VIOLATION: ${violations.join('; ')}` : ''}`);
  }
}

function entryOfKept(kept: Kept): Omit<JournalEntry, 'seq'> {
  const responseBody = kept.responseValue === undefined ? kept.responseBody : serializeJson(kept.responseValue).slice(0, JOURNAL_BODY_LIMIT + 1);
  const responseHeaders = kept.responseHeaderList ? headersOfList(kept.responseHeaderList) : kept.responseHeaders;
  return { ...entryFromExchange({ ...kept, at: kept.at.toISOString(), responseBody, responseHeaders }), session: kept.session };
}

/** A flat header list as res.getHeaders() would give it: names in lower case. Response headers are never many. */
function headersOfList(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) out[(list[i] as string).toLowerCase()] = list[i + 1] as string;
  return out;
}

/** The same, as Express middleware, for everything outside the API pipeline (controls, OAuth, unknown routes). */
export function requestLog(deps: Session, options: RequestLogOptions = {}): RequestHandler {
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
