import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import type { ApiRequest, AnswerStream } from './ApiExchange.ts';

/**
 * A route of the mock that is no API operation: a `/__mock` control, the authorization server, the served
 * spec, the docs, the dashboard. It runs in the same lifecycle as the operations (createApiPipeline): the
 * front door, CORS, the controls' guard, the commit stage, the journal and the log are the lifecycle's; the
 * route only answers. It knows no transport: the same route answers node:http, Express, Vite, Fetch and MSW.
 */
export interface MockRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * The path within the mock: literal segments, `:name` for one segment (given decoded in `params`), and a
   * last `*` for any rest (`params['*']`, still encoded). A GET route answers HEAD too, without a body.
   */
  path: string;
  handle(context: RouteContext): RouteAnswer | Promise<RouteAnswer>;
}

/** What a route is given: the request, its parts, and its session resolved on demand. */
export interface RouteContext {
  request: ApiRequest;
  params: Readonly<Record<string, string>>;
  /** The query as every mount reads it (parseQueryString: a name given twice is a list). */
  query: Readonly<Record<string, string | string[]>>;
  /** The request's session; a session the front door refused is thrown as its problem (400, 429). */
  session(): Session;
  /** Every session, for the controls that act across them (the sessions list, the journal of `*`). */
  sessions: SessionRegistry<Session>;
  /** Where the client reaches the mock: its public origin and the path a host app mounted it under. */
  base: string;
  /** The mount path alone ('' for the server itself). */
  mountPath: string;
  /** The body's bytes, read once, at most `limit` bytes (a 413 beyond); undefined when there is none. */
  bytes(limit?: number): Promise<Uint8Array | undefined>;
  /**
   * The body as JSON, as Express's `express.json()` reads it: only when the Content-Type is JSON (else
   * undefined, nothing read), an empty body as `{}`, an object or an array only (else a 400), at most `limit` bytes.
   * `anyType` reads it whatever the Content-Type says.
   */
  json(options?: { limit?: number; anyType?: boolean }): Promise<unknown>;
}

/** What a route answers; the lifecycle adds CORS, Content-Length, and the journal entry. */
export interface RouteAnswer {
  status: number;
  /** Headers in the order written; Content-Type included when there is a body. */
  headers: Record<string, string>;
  body?: string | Uint8Array | AnswerStream;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer, as Express's res.json writes it. */
export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): RouteAnswer & { body: string } {
  return { status, headers: { ...headers, 'Content-Type': JSON_TYPE }, body: JSON.stringify(value) };
}

/** An answer without a body (204 and the like). */
export function emptyAnswer(status = 204, headers: Record<string, string> = {}): RouteAnswer {
  return { status, headers };
}

/** A text answer of the given media type (charset=utf-8 added, as Express's res.type().send() does). */
export function textAnswer(status: number, mediaType: string, body: string, headers: Record<string, string> = {}): RouteAnswer {
  return { status, headers: { ...headers, 'Content-Type': `${mediaType}; charset=utf-8` }, body };
}
