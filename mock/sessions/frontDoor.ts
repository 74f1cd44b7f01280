import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Clock } from '../clock.ts';
import type { Journal } from '../journal/Journal.ts';
import type { Session } from './Session.ts';
import { DEFAULT_SESSION, type SessionRegistry, SessionLimitError } from './SessionRegistry.ts';
import { isSessionName, namedSession, SESSION_COOKIE, SESSION_HEADER, type WithHeaders } from './sessionName.ts';

/**
 * Where a request stands once the front door has looked at it: in its session, or refused. A refused request
 * has no session to work on (a stage cannot use the default one by mistake); only its journal entry goes to
 * the default session's journal, with the reason it was refused.
 */
export type Arrival = Session | Refused;

/** A request the front door turned away: the reason, and the journal (and clock) its entry goes to. */
export interface Refused {
  refused: HttpProblem;
  journal: Journal;
  clock: Clock;
}

/** Resolves a request's session; called once per request, at the lifecycle's front door. */
export type FrontDoor = (req: WithHeaders) => Arrival;

/**
 * The one place a request's session is resolved: the one it names (X-Mock-Session, else the mock_session
 * cookie), else the default one. A bad name is refused (400), as is a new session past the cap (429).
 */
export function createFrontDoor(sessions: SessionRegistry<Session>): FrontDoor {
  return (req) => {
    // Most requests name no session: no header, no cookie.
    const named = req.headers[SESSION_HEADER] === undefined && req.headers.cookie === undefined ? undefined : namedSession(req);
    try {
      if (named === undefined || named.name === DEFAULT_SESSION) return sessions.use(DEFAULT_SESSION);
      if (!isSessionName(named.name)) {
        const where = named.via === 'header' ? 'The X-Mock-Session header' : `The ${SESSION_COOKIE} cookie`;
        throw new HttpProblem('invalid_session', `${where} must be 1 to 64 characters of A-Z a-z 0-9 . _ - (got ${JSON.stringify(named.name.slice(0, 80))}).`, {
          errors: [
            {
              in: 'header',
              path: named.via === 'header' ? 'X-Mock-Session' : `Cookie: ${SESSION_COOKIE}`,
              rule: 'pattern',
              message: 'must match ^[A-Za-z0-9._-]{1,64}$',
            },
          ],
        });
      }
      return useSession(sessions, named.name);
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      const { journal, clock } = sessions.use(DEFAULT_SESSION);
      return { refused: error, journal, clock };
    }
  };
}

/** A session, created on first use; at the cap, a 429 problem saying when to retry. */
export function useSession(sessions: SessionRegistry<Session>, name: string): Session {
  try {
    return sessions.use(name);
  } catch (error) {
    if (!(error instanceof SessionLimitError)) throw error;
    throw new HttpProblem('too_many_sessions', error.message, { headers: { 'Retry-After': String(error.retryAfterSeconds) } });
  }
}

export function isRefused(arrival: Arrival): arrival is Refused {
  return 'refused' in arrival;
}

/** The session of an arrival, or its refusal thrown (answered as a problem by whoever called). */
export function sessionOf(arrival: Arrival): Session {
  if (isRefused(arrival)) throw arrival.refused;
  return arrival;
}

/** The name a request is journaled under: its session's, or the default one's when it was refused. */
export function journaledAs(arrival: Arrival): string {
  return isRefused(arrival) ? DEFAULT_SESSION : arrival.session;
}
