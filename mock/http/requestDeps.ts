import type { IncomingMessage } from 'node:http';
import type { AppDeps } from './OperationHandler.ts';

/**
 * The deps one request works with: those of the session it names (X-Mock-Session), else the default ones.
 * Until sessions exist every request works with the default deps. It may throw an HttpProblem (a bad session
 * name is a 400, a full session table a 429); the API pipeline calls it once, at the top.
 */
export function requestDeps(deps: AppDeps, _req: IncomingMessage): AppDeps {
  return deps;
}
