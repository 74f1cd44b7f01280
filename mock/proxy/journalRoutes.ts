import express, { type Request, type Router } from 'express';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Journal } from '../journal/Journal.ts';
import { harFileName, journalToHar } from '../journal/journalToHar.ts';
import { type JournalQuery, parseJournalQuery } from '../journal/journalQuery.ts';
import { countJournal, HAR_CREATOR, journalsFor, listJournal, type OtherJournals } from '../controls/journalActions.ts';

/** Where the journals are: each session keeps its own. */
export interface JournalSource extends OtherJournals {
  /** The journal of the session the request names. */
  own(req: Request): Journal;
}

/**
 * The journal's routes under /__mock. Like every control they act on the session the request names
 * (X-Mock-Session or the cookie, else `default`), unless a `session` filter says otherwise (`*`: every session).
 */
export function journalRoutes(source: JournalSource): Router {
  const router = express.Router();
  const json = express.json({ limit: '64kb', type: () => true });
  const list = (req: Request, query: JournalQuery) => listJournal(source.own(req), source, query);
  const count = (req: Request, query: JournalQuery) => countJournal(source.own(req), source, query);

  router.get('/journal', (req, res) => {
    res.json(list(req, parseJournalQuery(queryOf(req))));
  });

  // WireMock's POST /__admin/requests/count: {"operationId": "approveAppInstallation", "path": "/v1/…/*"}.
  router.post('/journal/count', json, (req, res) => {
    const body: unknown = req.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpProblem('invalid_request', 'Send a JSON object of filters, e.g. {"operationId": "listGroups", "status": 200}.');
    }
    res.json({ count: count(req, parseJournalQuery(body as Record<string, unknown>)) });
  });
  router.get('/journal/count', (req, res) => {
    res.json({ count: count(req, parseJournalQuery(queryOf(req))) });
  });

  // The same entries as GET /journal (same filters), as a HAR 1.2 file to download or replay (--replay).
  router.get('/journal/har', (req, res) => {
    const query = parseJournalQuery(queryOf(req));
    const entries = list(req, query);
    const har = journalToHar(entries, { origin: `${req.protocol}://${req.get('host') ?? 'localhost'}`, creator: HAR_CREATOR });
    // Named after the session and its newest entry: the same journal gives the same file name.
    const session = query.session ?? entries.at(-1)?.session ?? (req.get('x-mock-session') || 'default');
    res.set('content-disposition', `attachment; filename="${harFileName(session === '*' ? 'all' : session, entries.at(-1)?.at ?? 'empty')}"`);
    res.type('application/json').send(JSON.stringify(har, null, 1));
  });

  router.get('/journal/:seq', (req, res) => {
    const seq = Number(req.params.seq);
    const entry = Number.isSafeInteger(seq) ? source.own(req).get(seq) : undefined;
    if (!entry)
      throw new HttpProblem('not_found', `No journal entry ${JSON.stringify(req.params.seq)} (it may have been dropped: the journal keeps the last 1000).`);
    res.json(entry);
  });

  router.delete('/journal', (req, res) => {
    for (const journal of journalsFor(source.own(req), source, parseJournalQuery(queryOf(req)))) journal.clear();
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
