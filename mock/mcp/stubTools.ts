import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { addStub, clearStubs, listStubs, removeStub, replaceStubs, type StubView } from '../controls/stubActions.ts';
import { MAX_DELAY_MS, MAX_HANG_MS, MAX_TIMES, NETWORK_FAULTS } from '../stubs/StubDefinition.ts';
import type { McpContext } from './McpContext.ts';
import { sessionArg, sessionFor } from './sessionArg.ts';
import { guarded, toolResult } from './toolResult.ts';

const values = z.record(z.string().max(100), z.string().max(512));

/**
 * A stub's fields (docs/stubs.md, mock/stubs/StubDefinition.ts) as the tool's input schema. The schema says
 * what each field is; the stub's own parser (parseStubDefinition, through addStub) decides what is valid, so
 * the tool refuses exactly what POST /__mock/stubs refuses.
 */
const stubShape = {
  operationId: z.string().max(100).optional().describe('The spec operation it answers for, e.g. listGroups.'),
  path: z.string().max(512).optional().describe('The decoded request path; * is any run of characters.'),
  method: z.string().max(16).optional().describe('Only this HTTP method.'),
  when: z
    .object({
      query: values.optional().describe('Query parameters that must match (values are globs).'),
      exactQuery: z.boolean().optional().describe('No query parameters besides those in query.'),
      headers: values.optional().describe('Request headers that must match (values are globs).'),
      body: z.unknown().optional().describe('JSON the request body must contain.'),
    })
    .optional()
    .describe('Request values that must all match too.'),
  times: z.number().int().min(1).max(MAX_TIMES).optional().describe('Only for the next N requests it matches; until removed when omitted.'),
  priority: z.number().int().min(-1000).max(1000).optional().describe('Of the stubs that match, the highest answers (default 0; a tie: the newest).'),
  status: z
    .number()
    .int()
    .min(100)
    .max(599)
    .optional()
    .describe('The status to answer; one the spec does not document is allowed and flagged in X-Mock-Warnings and the journal.'),
  body: z.unknown().optional().describe('The JSON body to answer.'),
  example: z
    .union([z.string().max(128), z.literal(true)])
    .optional()
    .describe('Answer a spec example instead: its name, or true for the first of `status`.'),
  headers: values.optional().describe('Headers added to the answer, e.g. {"Retry-After": "2"}.'),
  delayMs: z.number().int().min(0).max(MAX_DELAY_MS).optional().describe('Wait this long before answering; alone, it delays the mock own answer.'),
  fault: z.enum(NETWORK_FAULTS).optional().describe('A failure of the connection: reset (closed without an answer), hang (no answer), truncate (half a body).'),
  hangMs: z.number().int().min(1).max(MAX_HANG_MS).optional().describe('With fault hang: the longest it hangs before resetting.'),
  name: z.string().max(200).optional().describe('A note shown in the list and the dashboard.'),
};

function line(stub: StubView): string {
  const what =
    stub.fault ??
    (stub.status !== undefined
      ? `status ${stub.status}`
      : stub.example !== undefined
        ? 'an example'
        : stub.delayMs !== undefined
          ? `${stub.delayMs} ms delay`
          : 'an answer');
  return `${stub.id}: ${stub.method ?? ''} ${stub.operationId ?? stub.path ?? '*'} → ${what}`.replace(/ {2,}/g, ' ');
}

/** Stubs and network faults of a session (docs/stubs.md): the stub actions the /__mock/stubs routes call. */
export function stubTools(server: McpServer, context: McpContext): void {
  const { sessions } = context;
  server.registerTool(
    'list_stubs',
    {
      title: 'List stubs',
      description: 'The stubs of a session, in the order added, with how often each answered and what is left of `times`.',
      inputSchema: { session: sessionArg },
    },
    ({ session }) =>
      guarded(() => {
        const view = listStubs(sessionFor(sessions, session));
        return toolResult(`${view.stubs.length} stub(s)${view.stubs.length ? `: ${view.stubs.map(line).join('; ')}` : ''}`, { ...view });
      }),
  );

  server.registerTool(
    'add_stub',
    {
      title: 'Add a stub or a network fault',
      description:
        'One answer for the requests it matches in the session (an operation or a path, optionally query, header or body values; for the next N or until removed): a status and body (an undocumented status allowed), a spec example, a delay, a connection reset, a hang, a truncated body. E.g. {"operationId": "listGroups", "status": 503, "headers": {"Retry-After": "2"}, "times": 1}.',
      inputSchema: { session: sessionArg, ...stubShape },
    },
    ({ session, ...definition }) =>
      guarded(() => {
        const stub = addStub(sessionFor(sessions, session), definition);
        return toolResult(`added ${line(stub)}`, { ...stub });
      }),
  );

  server.registerTool(
    'remove_stub',
    {
      title: 'Remove a stub',
      description: 'Removes one stub of the session, by the id add_stub or list_stubs gave.',
      inputSchema: { session: sessionArg, id: z.string().max(64) },
    },
    ({ session, id }) =>
      guarded(() => {
        removeStub(sessionFor(sessions, session), id);
        return toolResult(`removed stub ${id}`, { id, removed: true });
      }),
  );

  server.registerTool(
    'clear_stubs',
    {
      title: 'Remove every stub',
      description: 'Removes every stub of the session: the stateful mock answers everything again.',
      inputSchema: { session: sessionArg },
    },
    ({ session }) =>
      guarded(() => {
        clearStubs(sessionFor(sessions, session));
        return toolResult('every stub removed', { stubs: [] });
      }),
  );

  server.registerTool(
    'serve_har',
    {
      title: 'Serve a recording back',
      description:
        'Replaces the session stubs with one per API exchange of a HAR 1.2 recording (e.g. made by edu-mock proxy against staging, or export_har): exact answers for what was recorded, the stateful mock for the rest. Exchanges that cannot be served are listed in `skipped`.',
      inputSchema: {
        session: sessionArg,
        har: z
          .object({ log: z.object({ entries: z.array(z.unknown()) }).passthrough() })
          .passthrough()
          .describe('The HAR 1.2 object.'),
      },
    },
    ({ session, har }) =>
      guarded(() => {
        const view = replaceStubs(sessionFor(sessions, session), har);
        return toolResult(`${view.stubs.length} stub(s) serve the recording${view.skipped?.length ? `; ${view.skipped.length} exchange(s) skipped` : ''}`, {
          ...view,
        });
      }),
  );
}
