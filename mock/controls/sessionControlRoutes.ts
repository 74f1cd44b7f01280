import { emptyAnswer, jsonAnswer, type MockRoute } from '../exchange/MockRoute.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { useSession } from '../sessions/frontDoor.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import { isSessionName, namedSession, SESSION_COOKIE } from '../sessions/sessionName.ts';

/**
 * The sessions themselves (docs/sessions.md): list and drop them, and, for a browser that cannot send the
 * X-Mock-Session header, pick one with a cookie. The cookie is HttpOnly and SameSite=Lax: a page of another
 * site cannot read it, and cannot make a cross-site subrequest carry it (RFC 6265bis §5.4.7).
 */
export function sessionControlRoutes(): MockRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/sessions',
      handle: ({ sessions }) => jsonAnswer(200, { sessions: sessions.list() }),
    },
    {
      method: 'DELETE',
      path: '/__mock/sessions/:name',
      handle: ({ params, sessions }) => {
        const name = params.name ?? '';
        if (!isSessionName(name)) throw new HttpProblem('invalid_session', 'A session name is 1 to 64 characters of A-Z a-z 0-9 . _ -.');
        if (name === DEFAULT_SESSION)
          throw new HttpProblem('conflict', 'The default session cannot be dropped; POST /__mock/reset (without X-Mock-Session) resets it.');
        if (!sessions.delete(name)) throw new HttpProblem('not_found', `No session "${name}" (GET /__mock/sessions lists them).`);
        return emptyAnswer();
      },
    },
    {
      method: 'GET',
      path: '/__mock/session',
      handle: (context) => jsonAnswer(200, { name: context.session().session, via: namedSession(context.request)?.via ?? 'default' }),
    },
    {
      method: 'PUT',
      path: '/__mock/session',
      handle: async (context) => {
        const name = ((await context.json()) as { name?: unknown } | undefined)?.name;
        if (typeof name !== 'string' || !isSessionName(name)) {
          throw new HttpProblem('invalid_session', 'Send {"name": "<1 to 64 characters of A-Z a-z 0-9 . _ ->"}.');
        }
        useSession(context.sessions, name);
        return jsonAnswer(200, { name, via: 'cookie' }, { 'Set-Cookie': `${SESSION_COOKIE}=${name}; Path=/; HttpOnly; SameSite=Lax` });
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/session',
      handle: () => emptyAnswer(204, { 'Set-Cookie': `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` }),
    },
  ];
}
