import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { conformTool } from './conformTool.ts';
import { controlTools } from './controlTools.ts';
import { journalTools } from './journalTools.ts';
import type { McpContext } from './McpContext.ts';
import { requestTool } from './requestTool.ts';
import { sessionTools } from './sessionTools.ts';
import { specTools } from './specTools.ts';
import { stubTools } from './stubTools.ts';

/** What a client is told on connecting (MCP `instructions`): how the tools fit together. */
const INSTRUCTIONS = [
  'A stateful mock of the education platform API, with isolated sessions, a request journal and a conformance suite.',
  'Typical flow: list_seed_data (tokens, communities, groups) → create_session → send requests with the X-Mock-Session header (or send_request) →',
  'break it on purpose (add_stub for a status, a delay, a reset or a hang; set_faults, set_latency, set_clock) → query_journal / count_journal to see what the app sent →',
  'run_conformance to judge an implementation (or the mock in a session). describe_operation explains an operation and the decisions behind it;',
  'the resources hold the OpenAPI contract and spec/DECISIONS.md.',
].join(' ');

/**
 * One MCP server over the mock's controls. It holds no state of its own: every tool acts on the sessions of
 * `context`, so any number of servers (one per HTTP request, or one on stdio) see the same mock.
 */
export function createMcpServer(context: McpContext): McpServer {
  const server = new McpServer({ name: 'edu-mock', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  sessionTools(server, context);
  controlTools(server, context);
  stubTools(server, context);
  journalTools(server, context);
  specTools(server, context);
  requestTool(server, context);
  conformTool(server, context);
  return server;
}
