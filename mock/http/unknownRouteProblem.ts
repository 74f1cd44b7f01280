import type { Contract } from '../../spec/contract.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';

/** What an unknown route is answered, whichever mount it reached. */
export function unknownRouteProblem(contract: Contract, method: string, path: string): HttpProblem {
  const allowed = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => m !== method && contract.matchOperation(m, path));
  if (allowed.length > 0) {
    return new HttpProblem('method_not_allowed', `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`, {
      headers: { Allow: allowed.join(', ') },
    });
  }
  return new HttpProblem('not_found', `No operation at ${method} ${path}.`);
}
