import type { ErrorRequestHandler } from 'express';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { problemFromError } from '../problems/problemFromError.ts';
import { writeProblem } from './writeProblem.ts';

/**
 * The last stop of the proxy's own Express routes (its journal and dashboard): problems are written as problem+json; body-parser failures become precise 4xx; anything
 * else is a 500 that never exposes internals (they go to the log).
 */
export function handleErrors(log: (line: string) => void): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    const problem = problemFromError(error);
    if (problem) {
      writeProblem(res, problem, req.originalUrl);
      return;
    }
    log(`internal error on ${req.method} ${req.originalUrl}: ${(error as Error)?.stack ?? String(error)}`);
    writeProblem(res, new HttpProblem('internal_error', 'The mock failed while answering; the server log has the details.'), req.originalUrl);
  };
}
