import type { RequestHandler } from 'express';
import type { Contract } from '../../spec/contract.ts';
import { answerFromExample } from '../http/answerFromExample.ts';
import { parsePrefer } from '../http/parsePrefer.ts';
import { problemFromError } from '../problems/problemFromError.ts';
import { writeProblem } from '../problems/writeProblem.ts';

/**
 * `Prefer: code=…, example=…` on the metadata and token endpoints, as on the API operations: a frontend can
 * see its login fail (`Prefer: code=400` on the token endpoint: `invalid_grant`) without setting it up.
 * Nothing is read or changed: no code is spent, no token issued. The authorization endpoint is a page the
 * browser navigates to; it answers no Prefer.
 */
export function preferredAnswer(contract: Contract, operationId: string): RequestHandler {
  return (req, res, next) => {
    if (req.headers.prefer === undefined) return next();
    const prefer = parsePrefer(req.headers.prefer);
    if (prefer.code === undefined && prefer.example === undefined) return next();
    let result;
    try {
      result = answerFromExample(contract, contract.operation(operationId), prefer);
    } catch (error) {
      const problem = problemFromError(error);
      if (!problem) throw error;
      writeProblem(res, problem, req.originalUrl);
      return;
    }
    res.status(result.status);
    res.setHeader('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
    if (result.body === undefined) res.end();
    else res.send(JSON.stringify(result.body));
  };
}
