import type { ServerResponse } from 'node:http';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { ProblemCode } from '../problems/problemCatalog.ts';
import { problemBody } from '../problems/writeProblem.ts';

/** The proxy's own refusals over plain node:http, from the mock's catalogue (RFC 9457). */
export function answerProblem(res: ServerResponse, code: ProblemCode, detail: string): void {
  const problem = new HttpProblem(code, detail);
  const body = JSON.stringify(problemBody(problem));
  res.writeHead(problem.status, { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}
