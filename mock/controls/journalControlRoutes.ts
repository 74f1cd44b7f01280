import { emptyAnswer, jsonAnswer, type MockRoute, type RouteContext, textAnswer } from '../exchange/MockRoute.ts';
import type { Journal } from '../journal/Journal.ts';
import { harFileName, journalToHar } from '../journal/journalToHar.ts';
import { type JournalQuery, parseJournalQuery } from '../journal/journalQuery.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { SESSION_HEADER } from '../sessions/sessionName.ts';
import { countJournal, HAR_CREATOR, journalsFor, listJournal, type OtherJournals } from './journalActions.ts';

/** Where a request's journals are: the mock's sessions each keep their own; the proxy keeps one. */
export interface RouteJournals {
  /** The journal of the session the request names. */
  own(context: RouteContext): Journal;
  /** The others a `session` filter may name (`*`: every one). */
  others(context: RouteContext): OtherJournals;
}

/** The mock's journals: the request's session's own, the others from the registry. */
export const sessionJournals: RouteJournals = {
  own: (context) => context.session().journal,
  others: ({ sessions }) => ({
    named: (name) => sessions.find(name)?.journal,
    all: () => sessions.names().flatMap((name) => sessions.find(name)?.journal ?? []),
  }),
};

/** body-parser's limit for a count's filters: a pattern, never a payload. */
const COUNT_BODY_LIMIT = 64 * 1024;

/**
 * The journal's routes. Like every control they act on the session the request names (X-Mock-Session or the
 * cookie, else `default`), unless a `session` filter says otherwise (`*`: every session). `/journal/count`
 * and `/journal/har` come before `/journal/:seq`, which would take them.
 */
export function journalControlRoutes(journals: RouteJournals = sessionJournals): MockRoute[] {
  // Given the query already parsed: a bad filter is a 400 even for a session the front door refused.
  const list = (context: RouteContext, query: JournalQuery) => listJournal(journals.own(context), journals.others(context), query);
  const count = (context: RouteContext, query: JournalQuery) => countJournal(journals.own(context), journals.others(context), query);
  return [
    {
      method: 'GET',
      path: '/__mock/journal',
      handle: (context) => jsonAnswer(200, list(context, parseJournalQuery(filtersOf(context)))),
    },
    // WireMock's POST /__admin/requests/count: {"operationId": "approveAppInstallation", "path": "/v1/…/*"}.
    {
      method: 'POST',
      path: '/__mock/journal/count',
      handle: async (context) => {
        const body = await context.json({ limit: COUNT_BODY_LIMIT, anyType: true });
        if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
          throw new HttpProblem('invalid_request', 'Send a JSON object of filters, e.g. {"operationId": "listGroups", "status": 200}.');
        }
        return jsonAnswer(200, { count: count(context, parseJournalQuery(body as Record<string, unknown>)) });
      },
    },
    {
      method: 'GET',
      path: '/__mock/journal/count',
      handle: (context) => jsonAnswer(200, { count: count(context, parseJournalQuery(filtersOf(context))) }),
    },
    // The same entries as GET /journal (same filters), as a HAR 1.2 file to download or replay (--replay).
    {
      method: 'GET',
      path: '/__mock/journal/har',
      handle: (context) => {
        const query = parseJournalQuery(filtersOf(context));
        const entries = list(context, query);
        const har = journalToHar(entries, { origin: context.base, creator: HAR_CREATOR });
        // Named after the session and its newest entry: the same journal gives the same file name.
        const session = query.session ?? entries.at(-1)?.session ?? (headerOf(context, SESSION_HEADER) || 'default');
        const file = harFileName(session === '*' ? 'all' : session, entries.at(-1)?.at ?? 'empty');
        return textAnswer(200, 'application/json', JSON.stringify(har, null, 1), { 'content-disposition': `attachment; filename="${file}"` });
      },
    },
    {
      method: 'GET',
      path: '/__mock/journal/:seq',
      handle: (context) => {
        const given = context.params.seq ?? '';
        const seq = Number(given);
        const entry = Number.isSafeInteger(seq) ? journals.own(context).get(seq) : undefined;
        if (!entry)
          throw new HttpProblem('not_found', `No journal entry ${JSON.stringify(given)} (it may have been dropped: the journal keeps the last 1000).`);
        return jsonAnswer(200, entry);
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/journal',
      handle: (context) => {
        for (const journal of journalsFor(journals.own(context), journals.others(context), parseJournalQuery(filtersOf(context)))) journal.clear();
        return emptyAnswer();
      },
    },
  ];
}

/** The URL's filters, each given once: a repeated one would be read as a list, so it is refused. */
function filtersOf({ query }: RouteContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) throw new HttpProblem('invalid_request', `The journal filter "${key}" was given more than once.`);
    out[key] = value;
  }
  return out;
}

/** A request header as one string, as Express's req.get reads it (Node joins a repeated one with ", "). */
function headerOf({ request }: RouteContext, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
