import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Session } from '../sessions/Session.ts';
import { DEFAULT_SESSION, type SessionRegistry } from '../sessions/SessionRegistry.ts';
import type { TokenRecord } from '../../fixtures/records.ts';
import { authenticateBearer } from './authenticateBearer.ts';
import type { Stored } from '../store/Stored.ts';

/** Where a token unknown to the request's session is looked up next (the default session's tokens), if anywhere. */
export type TokenFallback = (authorization: string | undefined, session: Session) => Stored<TokenRecord> | undefined;

/**
 * Bearer authentication in the request's session. A token the default session issued (the docs' Authorize, a
 * script's login without X-Mock-Session) is honoured in every session too (see `defaultSessionTokens`): a
 * session isolates data, not who may call; a named session's own tokens stay its own (docs/sessions.md).
 */
export function authenticateInSession(authorization: string | undefined, session: Session, fallback?: TokenFallback): Stored<TokenRecord> {
  try {
    return authenticateBearer(authorization, session.store, session.clock);
  } catch (error) {
    if (!fallback || !(error instanceof HttpProblem) || error.code !== 'invalid_token') throw error;
    const shared = fallback(authorization, session);
    if (!shared) throw error;
    return shared;
  }
}

/** The auth fallback: the default session's tokens, checked on the default session's clock. One of the few that see the registry. */
export function defaultSessionTokens(sessions: SessionRegistry<Session>): TokenFallback {
  return (authorization, session) => {
    const shared = sessions.find(DEFAULT_SESSION);
    if (!shared || shared === session) return undefined;
    try {
      return authenticateBearer(authorization, shared.store, shared.clock);
    } catch {
      return undefined;
    }
  };
}
