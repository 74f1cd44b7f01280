import express, { type Request, type Router } from 'express';
import { SESSION_HEADER } from '../http/entryFromExchange.ts';
import { HttpProblem } from '../http/HttpProblem.ts';
import type { Journal } from './Journal.ts';
import { type JournalQuery, parseJournalQuery } from './journalQuery.ts';

/**
 * The journal's routes under /__mock. Like every control they act on the session the request names
 * (X-Mock-Session, else `default`), unless a `session` filter says otherwise (`*`: every session).
 */
export function journalRoutes(journal: Journal): Router {
  const router = express.Router();
  const json = express.json({ limit: '64kb', type: () => true });

  router.get('/journal', (req, res) => {
    res.json(journal.list(withSession(req, parseJournalQuery(queryOf(req)))));
  });

  // WireMock's POST /__admin/requests/count: {"operationId": "approveAppInstallation", "path": "/v1/…/*"}.
  router.post('/journal/count', json, (req, res) => {
    const body: unknown = req.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpProblem('invalid_request', 'Send a JSON object of filters, e.g. {"operationId": "listGroups", "status": 200}.');
    }
    res.json({ count: journal.count(withSession(req, parseJournalQuery(body as Record<string, unknown>))) });
  });
  router.get('/journal/count', (req, res) => {
    res.json({ count: journal.count(withSession(req, parseJournalQuery(queryOf(req)))) });
  });

  router.get('/journal/:seq', (req, res) => {
    const seq = Number(req.params.seq);
    const entry = Number.isSafeInteger(seq) ? journal.get(seq) : undefined;
    if (!entry) throw new HttpProblem('not_found', `No journal entry ${JSON.stringify(req.params.seq)} (it may have been dropped: the journal keeps the last 1000).`);
    res.json(entry);
  });

  router.delete('/journal', (req, res) => {
    const session = withSession(req, parseJournalQuery(queryOf(req))).session;
    journal.clear(session === '*' ? undefined : session);
    res.status(204).end();
  });
  return router;
}

function queryOf(req: Request): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query)) {
    if (Array.isArray(value)) throw new HttpProblem('invalid_request', `The journal filter "${key}" was given more than once.`);
    out[key] = value;
  }
  return out;
}

function withSession(req: Request, query: JournalQuery): JournalQuery {
  if (query.session !== undefined) return query;
  const header = req.headers[SESSION_HEADER];
  return { ...query, session: typeof header === 'string' && header !== '' ? header : 'default' };
}
