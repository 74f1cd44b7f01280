import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { SESSION_HEADER } from '../sessions/sessionName.ts';
import type { McpContext } from './McpContext.ts';
import { sessionArg } from './sessionArg.ts';
import { guarded, ToolRefusal, toolResult } from './toolResult.ts';

/** What an answer's body is cut to: enough to read a page of groups, bounded for a model's context. */
const MAX_BODY_CHARS = 64 * 1024;
/** A request that takes longer is abandoned (a fault or a latency rule may hold it on purpose). */
const TIMEOUT_MS = 65_000;

/**
 * send_request: one request to this mock's API, as an app would send it (in a session), and its answer. It only
 * ever reaches the mock itself: the path is resolved against the mock's own origin and must stay on it.
 */
export function requestTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'send_request',
    {
      title: 'Send a request to the mock',
      description:
        "Sends one HTTP request to this mock (as an app would) and returns its status, headers and body; it lands in the session's journal. Use list_seed_data for tokens and communities.",
      inputSchema: {
        method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).describe('The HTTP method.'),
        path: z.string().min(1).max(4000).describe('The path and query, e.g. /v1/groups?limit=5.'),
        headers: z.record(z.string().max(100), z.string().max(8000)).optional().describe('Request headers, e.g. authorization and community-id.'),
        body: z.unknown().optional().describe('A JSON body (sent as application/json), or a string sent as it is.'),
        session: sessionArg,
      },
    },
    ({ method, path, headers, body, session }) =>
      guarded(async () => {
        const base = context.baseUrl();
        if (!base) throw new ToolRefusal('unavailable', 'This server does not know where the mock listens.');
        if (!path.startsWith('/') || path.startsWith('//'))
          throw new ToolRefusal('invalid_request', 'The path starts with a single "/": only this mock is reached.');
        // Under the mock's base (a host app may mount it at /api): the path is appended, never resolved away from it.
        const url = new URL(`${base}${path}`);
        if (url.origin !== new URL(base).origin) throw new ToolRefusal('invalid_request', 'The path must stay on this mock.');
        const sent: Record<string, string> = { ...(headers ?? {}) };
        if (session !== undefined) sent[SESSION_HEADER] = session;
        let payload: string | undefined;
        if (body !== undefined) {
          payload = typeof body === 'string' ? body : JSON.stringify(body);
          if (!Object.keys(sent).some((h) => h.toLowerCase() === 'content-type'))
            sent['content-type'] = typeof body === 'string' ? 'text/plain' : 'application/json';
        }
        let res: Response;
        try {
          res = await fetch(url, {
            method,
            headers: sent,
            ...(payload !== undefined ? { body: payload } : {}),
            redirect: 'manual',
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
        } catch (error) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          return toolResult(`no answer: ${cause?.code ?? (error as Error).name} ${cause?.message ?? (error as Error).message}`, {
            error: `${cause?.code ?? (error as Error).name}: ${cause?.message ?? (error as Error).message}`,
          });
        }
        const text = await res.text();
        const truncated = text.length > MAX_BODY_CHARS;
        let parsed: unknown = truncated ? text.slice(0, MAX_BODY_CHARS) : text;
        if (!truncated && /json/.test(res.headers.get('content-type') ?? '')) {
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON after all: the text as it came.
          }
        }
        const answerHeaders = Object.fromEntries(res.headers);
        return toolResult(`${method} ${url.pathname}${url.search} → ${res.status}`, {
          status: res.status,
          headers: answerHeaders,
          ...(text.length ? { body: parsed } : {}),
          ...(truncated ? { truncated: true, size: text.length } : {}),
        });
      }),
  );
}
