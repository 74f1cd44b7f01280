/**
 * The request and the answer as the API lifecycle sees them, whatever carried them (node:http, a WHATWG
 * Fetch `Request`, MSW): plain values, no stream, no socket. A mount turns its transport's request into an
 * ApiRequest and writes the ApiAnswer back; everything between is the lifecycle's (createApiPipeline).
 */

/** Header values by lower-cased name, as Node parses them (a repeated header may arrive as a list). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Reads the body when a stage asks for it: bytes, or undefined when the request has none (RFC 9112 §6.3).
 * At most `limit` bytes (default BODY_LIMIT, 50 MB; a state import allows more): beyond it, body-parser's
 * `entity.too.large` error (a 413).
 */
export type BodyReader = (limit?: number) => Promise<Uint8Array | undefined> | undefined;

/** A body written piece by piece (a state export of a million groups fits in no string); the mount waits for the socket to drain. */
export type AnswerStream = AsyncIterable<string | Uint8Array>;

/** The first value of a header Node may give as a list (a repeated header); undefined when absent. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export interface ApiRequest {
  method: string;
  /** The request target as it arrived (path and query, origin-form): problem `instance`s and the journal name it. */
  url: string;
  /** The path, still percent-encoded (the router decodes path parameters itself). */
  path: string;
  /** The query string without its `?`; '' when there is none. */
  search: string;
  headers: RequestHeaders;
  /**
   * The body's bytes, or a reader: a transport that streams (node:http) reads them only once the lifecycle
   * needs them, with its own limits and errors, so nothing is read for a request refused before that.
   */
  body?: Uint8Array | BodyReader;
  /**
   * Where the client reaches the mock, without the mount path: the public URL's origin (--public-url), else
   * the one the allowed Host names (node:http), or the request URL's (Fetch). The OAuth issuer, the served
   * spec and every absolute URL start with it. Absent: `http://localhost`.
   */
  origin?: string;
  /** The path a host app mounted the mock under (`app.use('/api', mockMiddleware())`); '' or absent for the server. */
  mountPath?: string;
}

export interface ApiAnswer {
  status: number;
  /**
   * The whole head as a flat `name, value, name, value` list, in the order written (node:http's writeHead
   * takes it as is; a Fetch mount builds its `Headers` from it).
   */
  headers: string[];
  /**
   * The body: the JSON text as built (node:http writes a string with the head in one socket write, so it is
   * not encoded to bytes first), or bytes; undefined when there is none.
   */
  body?: string | Uint8Array | AnswerStream;
  /**
   * A failure of the connection for the mount to act out (a stub's `fault`, docs/stubs.md): `reset` closes it
   * without an answer, `hang` answers nothing until the client gives up (or `maxMs` passes, then resets),
   * `truncate` writes the head and half the body, then closes it.
   */
  fault?: NetworkFault;
}

export type NetworkFault = { kind: 'reset' } | { kind: 'hang'; maxMs: number } | { kind: 'truncate' };
