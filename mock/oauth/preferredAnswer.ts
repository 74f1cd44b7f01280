import type { Contract } from '../../spec/contract.ts';
import { answerFromExample } from '../http/answerFromExample.ts';
import { parsePrefer } from '../http/parsePrefer.ts';
import { problemFromError } from '../problems/problemFromError.ts';
import { problemBody } from '../problems/writeProblem.ts';
import type { OAuthAnswer } from './OAuthAnswer.ts';

/**
 * `Prefer: code=…, example=…` on the metadata and token endpoints, as on the API operations: a frontend can
 * see its login fail (`Prefer: code=400` on the token endpoint: `invalid_grant`) without setting it up.
 * Nothing is read or changed: no code is spent, no token issued. The authorization endpoint is a page the
 * browser navigates to; it answers no Prefer. Undefined when the request prefers nothing.
 */
export function preferredAnswer(contract: Contract, operationId: string, prefer: string | string[] | undefined, url: string): OAuthAnswer | undefined {
  if (prefer === undefined) return undefined;
  const wanted = parsePrefer(prefer);
  if (wanted.code === undefined && wanted.example === undefined) return undefined;
  let result;
  try {
    result = answerFromExample(contract, contract.operation(operationId), wanted);
  } catch (error) {
    const problem = problemFromError(error);
    if (!problem) throw error;
    return {
      status: problem.status,
      headers: { ...problem.extra.headers, 'Content-Type': 'application/problem+json; charset=utf-8' },
      body: JSON.stringify(problemBody(problem, url)),
    };
  }
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...result.headers };
  // A text body is UTF-8, and says so (as Express's res.send writes it).
  const type = headers['Content-Type'];
  if (type !== undefined && !/;\s*charset=/i.test(type)) headers['Content-Type'] = `${type}; charset=utf-8`;
  return { status: result.status, headers, body: result.body === undefined ? '' : JSON.stringify(result.body) };
}
