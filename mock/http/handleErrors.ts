import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Contract } from '../../spec/contract.ts';
import { unknownRouteProblem } from './unknownRouteProblem.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { urlInMock } from '../mountPath.ts';
import { problemFromError } from '../problems/problemFromError.ts';
import { writeProblem } from '../problems/writeProblem.ts';

/** Unknown route: 404, or 405 with Allow when the path exists under other methods. */
export function notFound(contract: Contract): RequestHandler {
  return (req, res) => writeProblem(res, unknownRouteProblem(contract, req.method, req.path), urlInMock(req, res));
}

/**
 * The last stop: problems are written as problem+json; body-parser failures become precise 4xx; anything
 * else is a 500 that never exposes internals (they go to the log).
 */
export function handleErrors(log: (line: string) => void): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    const problem = problemFromError(error);
    if (problem) {
      writeProblem(res, problem, urlInMock(req, res));
      return;
    }
    log(`internal error on ${req.method} ${req.originalUrl}: ${(error as Error)?.stack ?? String(error)}`);
    writeProblem(res, new HttpProblem('internal_error', 'The mock failed while answering; the server log has the details.'), urlInMock(req, res));
  };
}
