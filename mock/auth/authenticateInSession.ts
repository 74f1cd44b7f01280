import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Session } from '../sessions/Session.ts';
import type { TokenRecord } from '../../fixtures/records.ts';
import { authenticateBearer } from './authenticateBearer.ts';

/**
 * Bearer authentication in the request's session. A token the default session issued (the docs' Authorize, a
 * script's login without X-Mock-Session) is honoured in every session too, on the default session's clock:
 * a session isolates data, not who may call; a named session's own tokens stay its own (docs/sessions.md).
 */
export function authenticateInSession(authorization: string | undefined, deps: Session): TokenRecord {
  try {
    return authenticateBearer(authorization, deps.store, deps.clock);
  } catch (error) {
    const shared = deps.sessions.defaultDeps;
    if (deps.session === shared.session || !(error instanceof HttpProblem) || error.code !== 'invalid_token') throw error;
    try {
      return authenticateBearer(authorization, shared.store, shared.clock);
    } catch {
      throw error;
    }
  }
}
