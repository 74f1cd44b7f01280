import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import { SESSION_HEADER } from '../sessions/sessionName.ts';
import type { McpContext } from './McpContext.ts';
import { sessionArg, sessionFor } from './sessionArg.ts';
import { guarded, toolResult } from './toolResult.ts';

/** Sessions (docs/sessions.md): list, create, reset, drop. Each is an isolated copy of the seeded data. */
export function sessionTools(server: McpServer, context: McpContext): void {
  const { sessions } = context;
  server.registerTool(
    'list_sessions',
    {
      title: 'List sessions',
      description: 'Every session of the mock (each an isolated copy of the seeded data): name, created, last used, writes, memory estimate.',
      inputSchema: {},
    },
    () =>
      guarded(() => {
        const list = sessions.list();
        return toolResult(`${list.length} session${list.length === 1 ? '' : 's'}: ${list.map((s) => s.name).join(', ')}`, { sessions: list });
      }),
  );

  server.registerTool(
    'create_session',
    {
      title: 'Create a session',
      description: `Creates a session (or finds it, if it exists): a copy of the seeded data of its own, with its own clock, latency, faults and journal. Requests join it with the ${SESSION_HEADER} header.`,
      inputSchema: { name: sessionArg.unwrap().describe('The session name (1 to 64 characters of A-Z a-z 0-9 . _ -).') },
    },
    ({ name }) =>
      guarded(() => {
        const existed = sessions.find(name) !== undefined;
        sessionFor(sessions, name);
        const headers = { [SESSION_HEADER]: name };
        return toolResult(`session "${name}" ${existed ? 'exists already' : 'created'}; send ${SESSION_HEADER}: ${name} on its requests`, {
          name,
          created: !existed,
          headers,
        });
      }),
  );

  server.registerTool(
    'reset_session',
    {
      title: 'Reset a session',
      description: "Back to the seeded data (POST /__mock/reset); the session's clock, latency and faults stay.",
      inputSchema: { session: sessionArg },
    },
    ({ session }) =>
      guarded(() => {
        const target = sessionFor(sessions, session);
        target.store.reset();
        return toolResult(`session "${target.session}" is back to the seeded data`, { session: target.session, reset: true });
      }),
  );

  server.registerTool(
    'delete_session',
    {
      title: 'Drop a session',
      description: 'Drops a named session and everything it holds (DELETE /__mock/sessions/{name}); the default session cannot be dropped.',
      inputSchema: { name: sessionArg.unwrap() },
    },
    ({ name }) =>
      guarded(() => {
        if (name === DEFAULT_SESSION) throw new HttpProblem('conflict', 'The default session cannot be dropped; reset_session resets it.');
        if (!sessions.delete(name)) throw new HttpProblem('not_found', `No session "${name}" (list_sessions lists them).`);
        return toolResult(`session "${name}" dropped`, { name, deleted: true });
      }),
  );
}
