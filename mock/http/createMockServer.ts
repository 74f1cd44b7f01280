import { createServer, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { ProblemCode } from '../problems/problemCatalog.ts';
import { problemBody } from '../problems/writeProblem.ts';

/** A client has this long to send its headers, and this long for the whole request (a 50 MB body included). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** Node's own limit on the size of all headers (16 KiB), stated here so docs/errors.md can say it. */
export const MAX_HEADER_BYTES = 16 * 1024;

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * The HTTP server around the app, with slow clients cut (headers and request timeouts, checked every second
 * rather than Node's 30 s) and the parser's own refusals answered as problem+json rather than an empty 400.
 * `requireHostHeader` is off so the host guard answers a missing Host with a problem too.
 */
export function createMockServer(listener: RequestListener, timeouts: { headersMs?: number; requestMs?: number; checkEveryMs?: number } = {}): Server {
  const headersMs = timeouts.headersMs ?? HEADERS_TIMEOUT_MS;
  const requestMs = timeouts.requestMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      requireHostHeader: false,
      maxHeaderSize: MAX_HEADER_BYTES,
      connectionsCheckingInterval: timeouts.checkEveryMs ?? 1000,
    },
    listener,
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket, requestMs, headersMs));
  return server;
}

/** What a parser error means for the client, by Node's error code (llhttp's HPE_* names). */
function problemFor(error: NodeJS.ErrnoException, requestMs: number, headersMs: number): HttpProblem {
  const code = error.code ?? '';
  const as = (c: ProblemCode, detail: string): HttpProblem => new HttpProblem(c, detail);
  if (code === 'HPE_HEADER_OVERFLOW') return as('headers_too_large', `The request headers exceed ${MAX_HEADER_BYTES} bytes.`);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT')
    return as('request_timeout', `The request was not complete within ${requestMs / 1000} s (headers within ${headersMs / 1000} s).`);
  const reason = (error as { reason?: string }).reason ?? error.message;
  return as('malformed_http', `The request is not valid HTTP/1.1 (${code || 'parse error'}: ${reason}); see RFC 9112.`);
}

export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, requestMs = REQUEST_TIMEOUT_MS, headersMs = HEADERS_TIMEOUT_MS): void {
  // A reset or a closed socket has no one left to answer.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem = problemFor(error, requestMs, headersMs);
  const body = JSON.stringify(problemBody(problem));
  socket.end(
    `HTTP/1.1 ${problem.status} ${REASONS[problem.status] ?? 'Bad Request'}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
