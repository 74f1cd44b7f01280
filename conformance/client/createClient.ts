import { performance } from 'node:perf_hooks';
import type { Exchange, RecordedRequest, RecordedResponse } from './Exchange.ts';
import type { SecretBook } from './SecretBook.ts';
import { keptSlice, MAX_BODY_BYTES, readCappedBody } from './readCappedBody.ts';
import { MAX_RETRIES, RETRY_STATUSES, retryAfterMs, RUN_WAIT_BUDGET_MS } from './retryAfter.ts';
import { toCurl } from './toCurl.ts';

export interface ClientRequest {
  method: string;
  /** A path relative to the base URL (may carry its own query), or an absolute URL. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string | undefined>;
  /** Sent as application/json unless a content-type header says otherwise. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | undefined>;
  /** Sent as it is (a body that is not JSON), as application/json unless a content-type header says otherwise. */
  text?: string;
  /** False sends no Accept header (an endpoint that answers HTML or a redirect, such as OAuth's authorize). */
  accept?: false;
  /** 'manual' returns a 3xx as it is (the OAuth redirect carries the code in Location). */
  redirect?: 'follow' | 'manual';
  operationId?: string;
}

export interface HttpClient {
  readonly baseUrl: string;
  readonly secrets: SecretBook;
  /** Every exchange so far, in order. */
  readonly exchanges: readonly Exchange[];
  send(request: ClientRequest): Promise<Exchange>;
  /** Resolves a path against the base URL (keeping the base URL's own path prefix). */
  url(path: string, query?: ClientRequest['query']): string;
  /** Answers 429/503 with Retry-After the client waited out and retried (production behaviour, not a failure). */
  readonly backoff: { retries: number; waitedMs: number };
}

export interface ClientOptions {
  baseUrl: string;
  secrets: SecretBook;
  /**
   * Each request's own deadline (--request-timeout; DEFAULT_REQUEST_TIMEOUT_MS): its headers and its whole body
   * must arrive within it, so a target that drips its answer costs this much per request, never the whole run.
   */
  requestTimeoutMs?: number;
  fetch?: typeof fetch;
  /** Sent on every request (--header), under the request's own headers; reproducers carry them too. */
  headers?: Record<string, string>;
  /** The run's overall deadline (a performance.now() time): no request is sent after it, none waits past it. */
  deadline?: number;
  /** The most bytes of a body read (MAX_BODY_BYTES by default): a larger answer is recorded as an error. */
  maxBodyBytes?: number;
  /** Waits out Retry-After (tests inject one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The clock an HTTP-date in Retry-After is measured against. */
  now?: () => number;
  /** Stops the run as its deadline does: nothing more is sent, and a request in flight is cut (the API's AbortSignal). */
  signal?: AbortSignal;
}

/** The error of a request the run's deadline kept from being sent. */
export const DEADLINE_PASSED = "not sent: the run's deadline (--timeout) has passed";

/** A request's own deadline unless --request-timeout says otherwise (what browsers' and proxies' users expect). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Why an attempt was cut short: its own deadline, or the run's. */
class TimedOut extends Error {
  constructor(readonly limit: 'request' | 'run') {
    super('timed out');
    this.name = 'TimedOut';
  }
}

/** An HTTP client on Node's fetch that records every exchange and never throws for a transport error. */
export function createClient(options: ClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const exchanges: Exchange[] = [];
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const backoff = { retries: 0, waitedMs: 0 };

  const url: HttpClient['url'] = (path, query) => {
    const target = new URL(/^https?:\/\//i.test(path) ? path : baseUrl + (path.startsWith('/') ? path : `/${path}`));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) target.searchParams.append(name, String(value));
    }
    return target.toString();
  };

  return {
    baseUrl,
    secrets: options.secrets,
    exchanges,
    url,
    backoff,
    async send(req) {
      const headers: Record<string, string> = req.accept === false ? {} : { accept: 'application/json' };
      for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
      for (const [name, value] of Object.entries(req.headers ?? {})) {
        if (value !== undefined) headers[name.toLowerCase()] = value;
      }
      let body: string | undefined;
      if (req.form !== undefined) {
        const form = new URLSearchParams();
        for (const [name, value] of Object.entries(req.form)) if (value !== undefined) form.append(name, value);
        body = form.toString();
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
      } else if (req.text !== undefined) {
        body = req.text;
        headers['content-type'] ??= 'application/json';
      } else if (req.json !== undefined) {
        body = JSON.stringify(req.json);
        headers['content-type'] ??= 'application/json';
      }
      const recorded: RecordedRequest = { method: req.method.toUpperCase(), url: url(req.path, req.query), headers, ...(body === undefined ? {} : { body }) };
      const started = performance.now();
      let response: RecordedResponse | undefined;
      let error: string | undefined;
      let overCap = false;
      let timedOutNow = false;
      const left = (): number => (options.signal?.aborted ? 0 : options.deadline === undefined ? Infinity : options.deadline - performance.now());
      const maxBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
      if (left() <= 0) error = DEADLINE_PASSED;
      else {
        // The attempt in flight (a holder, as attempt() replaces it from inside a closure).
        const live: { controller?: AbortController } = {};
        try {
          // One controller and one timer per attempt, covering its headers and its whole body: aborting it
          // destroys the connection at once (undici would otherwise drain a cancelled body to reuse the socket).
          let timer: NodeJS.Timeout | undefined;
          // The caller's stop cuts the attempt in flight as the run's deadline would.
          const stop = (): void => live.controller?.abort(new TimedOut('run'));
          options.signal?.addEventListener('abort', stop, { once: true });
          const attempt = (): Promise<Response> => {
            clearTimeout(timer);
            const controller = new AbortController();
            live.controller = controller;
            const ms = Math.max(1, Math.ceil(Math.min(requestTimeoutMs, left())));
            const limit = requestTimeoutMs <= left() ? 'request' : 'run';
            timer = setTimeout(() => controller.abort(new TimedOut(limit)), ms);
            return doFetch(recorded.url, { method: recorded.method, headers, body, redirect: req.redirect ?? 'manual', signal: controller.signal });
          };
          try {
            let res = await attempt().catch(async (caught: unknown) => {
              // A kept-alive connection the server closed as it was reused: an idempotent request is sent again,
              // once, on a new one (RFC 9110 §9.2.2); anything else is the target's answer.
              if (!IDEMPOTENT.has(recorded.method) || !isConnectionReset(caught) || left() <= 0) throw caught;
              return attempt();
            });
            // A rate limit or a brief unavailability with Retry-After is production behaviour: wait (bounded) and retry.
            for (let retry = 0; retry < MAX_RETRIES && RETRY_STATUSES.includes(res.status); retry++) {
              const wait = retryAfterMs(res.headers.get('retry-after') ?? undefined, (options.now ?? (() => performance.timeOrigin + performance.now()))());
              if (wait === undefined || backoff.waitedMs + wait > RUN_WAIT_BUDGET_MS || wait >= left()) break;
              live.controller?.abort();
              clearTimeout(timer);
              await sleep(wait);
              backoff.retries++;
              backoff.waitedMs += wait;
              res = await attempt();
            }
            const read = await readCappedBody(res.body, maxBytes, () => live.controller?.abort());
            const responseHeaders: Record<string, string> = {};
            res.headers.forEach((value, name) => {
              responseHeaders[name.toLowerCase()] = value;
            });
            overCap = 'overCap' in read;
            if ('overCap' in read)
              error = `the answer (status ${res.status}) is over the suite's body cap of ${maxBytes} bytes: reading stopped at ${read.bytes} bytes`;
            // The parsed body is what checks judge; the text kept beside it is a bounded slice.
            else
              response = {
                status: res.status,
                headers: responseHeaders,
                bodyText: keptSlice(read.text),
                body: parseJson(read.text, responseHeaders['content-type']),
              };
          } finally {
            clearTimeout(timer);
            options.signal?.removeEventListener('abort', stop);
          }
        } catch (caught) {
          const reason = live.controller?.signal.reason as unknown;
          timedOutNow = reason instanceof TimedOut;
          error = reason instanceof TimedOut ? timedOut(reason.limit, requestTimeoutMs) : describeTransportError(caught);
        }
      }
      const exchange: Exchange = {
        id: exchanges.length + 1,
        ...(req.operationId ? { operationId: req.operationId } : {}),
        request: recorded,
        ...(response ? { response } : {}),
        ...(error ? { error } : {}),
        ...(overCap ? { overCap: true as const } : {}),
        ...(timedOutNow ? { timedOut: true as const } : {}),
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        curl: toCurl(recorded, options.secrets),
      };
      exchanges.push(exchange);
      return exchange;
    },
  };
}

function parseJson(text: string, contentType: string | undefined): unknown {
  // Parse whatever looks like JSON: a JSON body under a wrong content type is still checked (and reported).
  if (!text || (!/json/i.test(contentType ?? '') && !/^\s*[[{"]/.test(text))) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A request whose headers and body did not all arrive in time. The description states no time limit, but an
 * answer that never ends is no answer to any client: response-received judges it (MUST), and the message names
 * the flag, so a target that is slow but correct is given more time rather than failed.
 */
export function timedOut(limit: 'request' | 'run', requestTimeoutMs: number): string {
  return limit === 'request'
    ? `timed out: no complete answer within the request's deadline of ${requestTimeoutMs / 1000} s (--request-timeout)`
    : "timed out: the run's deadline (--timeout) passed before the answer was complete";
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

function isConnectionReset(caught: unknown): boolean {
  const code = (caught as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

/** fetch hides the useful part ("ECONNREFUSED 127.0.0.1:4010") in error.cause. */
export function describeTransportError(caught: unknown): string {
  const error = caught as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error?.name === 'TimeoutError') return 'timed out';
  const cause = error?.cause;
  if (cause?.code || cause?.message) return [cause.code, cause.message].filter(Boolean).join(': ');
  return error?.message ?? String(caught);
}
