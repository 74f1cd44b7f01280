import type { ServerResponse } from 'node:http';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { ProblemCode } from '../problems/problemCatalog.ts';
import { problemBody } from '../problems/writeProblem.ts';

/**
 * A problem+json answer from the front door, before the mock saw the request. If the mock had already begun
 * its answer the connection is cut instead: a client must never take a half answer for an acknowledgement.
 */
export function answerProblem(res: ServerResponse, code: ProblemCode, detail: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) if (!name.startsWith('access-control-')) res.removeHeader(name);
  const body = JSON.stringify(problemBody(new HttpProblem(code, detail), res.req?.url));
  res.statusCode = new HttpProblem(code, detail).status;
  res.setHeader('Content-Type', 'application/problem+json');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(body);
}
