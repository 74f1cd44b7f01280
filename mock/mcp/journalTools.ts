import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { countJournal, HAR_CREATOR, listJournal, type OtherJournals } from '../controls/journalActions.ts';
import { parseJournalQuery } from '../journal/journalQuery.ts';
import { harFileName, journalToHar } from '../journal/journalToHar.ts';
import type { McpContext } from './McpContext.ts';
import { sessionFor } from './sessionArg.ts';
import { guarded, toolResult } from './toolResult.ts';

/** The newest entries a list answers unless asked for more: a journal holds up to 1000 per session, a model reads less. */
const DEFAULT_LIMIT = 20;

const filters = {
  session: z.string().max(64).optional().describe('The session whose journal is read ("default" when omitted); "*" reads every session.'),
  operationId: z.string().max(100).optional().describe('Only requests to this operation, e.g. listGroups.'),
  method: z.string().max(10).optional().describe('Only this HTTP method.'),
  path: z.string().max(2000).optional().describe('Only this request path; * matches any run of characters, e.g. /v1/appmaker/apps/*/approve.'),
  status: z
    .union([z.string().max(3), z.number().int().min(100).max(599)])
    .optional()
    .describe('Only this status (404) or class ("4xx").'),
  since: z.number().int().min(0).optional().describe('Only entries after this sequence number (seq of an entry read before).'),
  bodyContains: z.string().max(1000).optional().describe('Only requests whose body (as JSON text) contains this text.'),
  query: z.record(z.string(), z.string().max(1000)).optional().describe('Query parameters the request had, NAME → value (a glob, * any run).'),
  header: z.record(z.string(), z.string().max(1000)).optional().describe('Request headers it had, NAME → value (a glob).'),
};

type Filters = { [K in keyof typeof filters]?: z.infer<(typeof filters)[K]> };

/** The tool's filters as GET /__mock/journal's query: the same parser, so an unknown or malformed one is refused alike. */
function journalQuery(given: Filters & { limit?: number }) {
  const { query, header, ...rest } = given;
  const flat: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  // A status given as a number (404) means what the route's text "404" means.
  if (typeof flat.status === 'number') flat.status = String(flat.status);
  for (const [name, value] of Object.entries(query ?? {})) flat[`query.${name}`] = value;
  for (const [name, value] of Object.entries(header ?? {})) flat[`header.${name}`] = value;
  return parseJournalQuery(flat);
}

/**
 * The journal (docs/mock-controls.md): what the app sent and what the mock answered, secrets masked. The
 * asking session is the one named by `session` (its journal), unless it is `*`.
 */
export function journalTools(server: McpServer, context: McpContext): void {
  const { sessions } = context;
  const others: OtherJournals = {
    named: (name) => sessions.find(name)?.journal,
    all: () => sessions.names().flatMap((name) => sessions.find(name)?.journal ?? []),
  };
  // The asking session's own journal: `*` and another's name are resolved by listJournal through `others`.
  const own = (given: Filters) => sessionFor(sessions, given.session === '*' ? undefined : given.session).journal;

  server.registerTool(
    'query_journal',
    {
      title: 'Read the journal',
      description: `The requests a session received and what it answered (headers and bodies, secrets masked), oldest first: the newest ${DEFAULT_LIMIT} unless limit says otherwise. Every filter given must match.`,
      inputSchema: { ...filters, limit: z.number().int().min(1).max(1000).optional().describe(`The newest N entries (default ${DEFAULT_LIMIT}).`) },
    },
    (given) =>
      guarded(() => {
        const query = journalQuery({ ...given, limit: given.limit ?? DEFAULT_LIMIT });
        const entries = listJournal(own(given), others, query);
        const lines = entries.slice(-5).map((e) => `#${e.seq} ${e.method} ${e.path} → ${e.status}${e.operationId ? ` (${e.operationId})` : ''}`);
        return toolResult(`${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}${lines.length ? `; newest: ${lines.join('; ')}` : ''}`, { entries });
      }),
  );

  server.registerTool(
    'count_journal',
    {
      title: 'Count journal entries',
      description: 'How many requests matched the filters (WireMock-style verification: "approve was called once").',
      inputSchema: filters,
    },
    (given) =>
      guarded(() => {
        const count = countJournal(own(given), others, journalQuery(given));
        return toolResult(`${count} request${count === 1 ? '' : 's'} matched`, { count });
      }),
  );

  server.registerTool(
    'export_har',
    {
      title: 'Export the journal as HAR',
      description: 'The matching journal entries as a HAR 1.2 log (replay it against an implementation: edu-conform --replay FILE.har).',
      inputSchema: { ...filters, limit: z.number().int().min(1).max(1000).optional().describe('The newest N entries (all when omitted).') },
    },
    (given) =>
      guarded(() => {
        const entries = listJournal(own(given), others, journalQuery(given));
        const har = journalToHar(entries, { origin: context.baseUrl() ?? 'http://localhost', creator: HAR_CREATOR });
        const name = harFileName(given.session === '*' ? 'all' : (given.session ?? 'default'), entries.at(-1)?.at ?? 'empty');
        return toolResult(`a HAR of ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} (save it as ${name})`, { fileName: name, har });
      }),
  );
}
