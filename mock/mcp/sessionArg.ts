import { z } from 'zod';
import { useSession } from '../sessions/frontDoor.ts';
import type { Session } from '../sessions/Session.ts';
import { DEFAULT_SESSION, type SessionRegistry } from '../sessions/SessionRegistry.ts';
import { isSessionName } from '../sessions/sessionName.ts';

/** The `session` argument every control tool takes: the session a request names with X-Mock-Session. */
export const sessionArg = z
  .string()
  .refine(isSessionName, 'a session name is 1 to 64 characters of A-Z a-z 0-9 . _ -')
  .optional()
  .describe(`The session to act on (the value of the X-Mock-Session header its requests carry); "${DEFAULT_SESSION}" when omitted.`);

/** The session a tool acts on, created on first use as a request naming it would be (429 past --max-sessions). */
export function sessionFor(sessions: SessionRegistry<Session>, name: string | undefined): Session {
  return useSession(sessions, name ?? DEFAULT_SESSION);
}
