import type { AnswerStream } from '../exchange/ApiExchange.ts';
import type { MockRoute, RouteAnswer, RouteContext } from '../exchange/MockRoute.ts';
import type { Fault } from '../faults/Fault.ts';
import type { McpContext } from './McpContext.ts';
import type * as McpHttpRoute from './mcpHttpRoute.ts';

export interface McpRouteOptions {
  faultCatalog: readonly Fault[];
  adminToken?: string;
}

/** MCP messages are small JSON-RPC objects; the bound keeps a hostile body from being read whole. */
const BODY_LIMIT = 1024 * 1024;

/**
 * `/__mock/mcp`: the MCP Streamable HTTP transport (MCP 2025-06-18 §Transports) as a route of the lifecycle,
 * behind the controls' guard like every `/__mock` route (an admin token beyond loopback, nothing sent by
 * another site). Stateless: each POST is answered by a server made for it (the tools keep no state; the
 * sessions are the mock's), and its answer is the request's own event stream, so a long call
 * (run_conformance) can send its progress before its result. A GET (a stream of server-initiated messages)
 * has nothing to carry here: 405, as the transport allows. The SDK and the tools load on the first MCP
 * request, and only the Node mounts give this route (it can run the suite, which a page never does).
 */
export function mcpRoutes(options: McpRouteOptions): MockRoute[] {
  let loaded: Promise<typeof McpHttpRoute> | undefined;
  const handle = async (context: RouteContext): Promise<RouteAnswer> => {
    const { answerMcp } = await (loaded ??= import('./mcpHttpRoute.ts'));
    const mcp: McpContext = {
      sessions: context.sessions,
      faultCatalog: options.faultCatalog,
      // Where the client reached the mock (the public URL, else the Host the guard accepted, under the path a
      // host app mounted it at): where the tools send their requests, as every URL the mock serves.
      baseUrl: () => context.base,
      // Beyond loopback the suite is never sent anywhere over this route: no target can be named to a running mock.
      conformTargets: [],
      ...(options.adminToken !== undefined ? { adminToken: options.adminToken } : {}),
    };
    const request = context.request;
    const body = request.method === 'POST' ? await context.bytes(BODY_LIMIT) : undefined;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const answer = await answerMcp(new Request(context.base + request.url, { method: request.method, headers, ...(body ? { body } : {}) }), mcp);
    const head: Record<string, string> = {};
    answer.response.headers.forEach((value, name) => {
      head[name] = value;
    });
    const stream = answer.response.body;
    if (!stream) answer.close();
    return { status: answer.response.status, headers: head, ...(stream ? { body: streamOf(stream, answer.close) } : {}) };
  };
  return (['POST', 'GET', 'DELETE'] as const).map((method) => ({ method, path: '/__mock/mcp', handle }));
}

/** The answer's stream, closing the server made for the request once it ends or the client leaves. */
function streamOf(body: ReadableStream<Uint8Array>, close: () => void): AnswerStream {
  return {
    [Symbol.asyncIterator]() {
      const reader = body.getReader();
      let closed = false;
      const finish = (): void => {
        if (closed) return;
        closed = true;
        reader.releaseLock?.();
        close();
      };
      return {
        async next() {
          if (closed) return { done: true, value: undefined };
          const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
          if (done) {
            finish();
            return { done: true, value: undefined };
          }
          return { done: false, value };
        },
        async return() {
          if (!closed) {
            void reader.cancel().catch(() => undefined);
            finish();
          }
          return { done: true, value: undefined };
        },
      };
    },
  };
}
