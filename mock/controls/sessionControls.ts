import type { RequestHandler, Router } from 'express';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Session } from '../sessions/Session.ts';
import { requestSession, useSession } from '../sessions/frontDoor.ts';
import { DEFAULT_SESSION, type SessionRegistry } from '../sessions/SessionRegistry.ts';
import { isSessionName, namedSession, SESSION_COOKIE } from '../sessions/sessionName.ts';

/**
 * The sessions themselves (docs/sessions.md): list and drop them, and, for a browser that cannot send the
 * X-Mock-Session header, pick one with a cookie. The cookie is HttpOnly and SameSite=Lax: a page of another
 * site cannot read it, and cannot make a cross-site subrequest carry it.
 */
export function sessionControls(router: Router, sessions: SessionRegistry<Session>, json: RequestHandler): void {
  router.get('/sessions', (_req, res) => {
    res.json({ sessions: sessions.list() });
  });

  router.delete('/sessions/:name', (req, res) => {
    const name = String(req.params.name);
    if (!isSessionName(name)) throw new HttpProblem('invalid_session', 'A session name is 1 to 64 characters of A-Z a-z 0-9 . _ -.');
    if (name === DEFAULT_SESSION)
      throw new HttpProblem('conflict', 'The default session cannot be dropped; POST /__mock/reset (without X-Mock-Session) resets it.');
    if (!sessions.delete(name)) throw new HttpProblem('not_found', `No session "${name}" (GET /__mock/sessions lists them).`);
    res.status(204).end();
  });

  router.get('/session', (req, res) => {
    const deps = requestSession(req);
    res.json({ name: deps.session, via: namedSession(req)?.via ?? 'default' });
  });

  router.put('/session', json, (req, res) => {
    const name = (req.body as { name?: unknown } | undefined)?.name;
    if (typeof name !== 'string' || !isSessionName(name)) {
      throw new HttpProblem('invalid_session', 'Send {"name": "<1 to 64 characters of A-Z a-z 0-9 . _ ->"}.');
    }
    useSession(sessions, name);
    res.setHeader('Set-Cookie', `${SESSION_COOKIE}=${name}; Path=/; HttpOnly; SameSite=Lax`);
    res.json({ name, via: 'cookie' });
  });

  router.delete('/session', (_req, res) => {
    res.setHeader('Set-Cookie', `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
    res.status(204).end();
  });
}
