import type { IncomingMessage } from 'node:http';
import { DEFAULT_SESSION, SessionLimitError } from './SessionRegistry.ts';
import { isSessionName, namedSession, SESSION_COOKIE, SESSION_HEADER } from './sessionName.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Session } from './Session.ts';

// Kept on the request itself: a WeakMap entry per request would cost every garbage collection a look at it.
const RESOLVED = Symbol('requestDeps');
type Resolved = IncomingMessage & { [RESOLVED]?: Session };

/**
 * The deps one request works with: those of the session it names (X-Mock-Session), else the default ones.
 * A request resolves once: the request log, the latency, the pipeline and the controls all see the same
 * session. Throws an HttpProblem for a bad name (400) or when a new session would pass the cap (429).
 */
export function requestDeps(deps: Session, req: IncomingMessage): Session {
  const known = (req as Resolved)[RESOLVED];
  if (known) return known;
  // Most requests name no session: no header, no cookie.
  const named = req.headers[SESSION_HEADER] === undefined && req.headers.cookie === undefined ? undefined : namedSession(req);
  let out: Session;
  if (named === undefined || named.name === DEFAULT_SESSION) {
    out = deps.sessions.use(DEFAULT_SESSION);
  } else {
    if (!isSessionName(named.name)) {
      const where = named.via === 'header' ? 'The X-Mock-Session header' : `The ${SESSION_COOKIE} cookie`;
      throw new HttpProblem('invalid_session', `${where} must be 1 to 64 characters of A-Z a-z 0-9 . _ - (got ${JSON.stringify(named.name.slice(0, 80))}).`, {
        errors: [{ in: 'header', path: named.via === 'header' ? 'X-Mock-Session' : `Cookie: ${SESSION_COOKIE}`, rule: 'pattern', message: 'must match ^[A-Za-z0-9._-]{1,64}$' }],
      });
    }
    out = useSession(deps, named.name);
  }
  (req as Resolved)[RESOLVED] = out;
  return out;
}

/** A session's deps, created on first use; at the cap, a 429 problem saying when to retry. */
export function useSession(deps: Session, name: string): Session {
  try {
    return deps.sessions.use(name);
  } catch (error) {
    if (!(error instanceof SessionLimitError)) throw error;
    throw new HttpProblem('too_many_sessions', error.message, { headers: { 'Retry-After': String(error.retryAfterSeconds) } });
  }
}
