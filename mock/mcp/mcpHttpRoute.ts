import type { Request, RequestHandler, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './createMcpServer.ts';
import type { McpContext } from './McpContext.ts';

/**
 * /__mock/mcp: the MCP Streamable HTTP transport (MCP 2025-06-18 §Transports), stateless: each POST is
 * answered by a server made for it (the tools keep no state; the sessions are the mock's). It is mounted
 * behind the controls' guards (mock/http/controlsGuard.ts): an admin token beyond loopback, nothing sent by
 * another site. Each answer is the request's own event stream, so a long call (run_conformance) can send its
 * progress before its result. A GET (a stream of server-initiated messages) has nothing to carry here: 405,
 * as the transport allows.
 */
export function mcpHttpRoute(context: (req: Request, res: Response) => McpContext): RequestHandler {
  return (req, res, next) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = createMcpServer(context(req, res));
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res, req.body))
      .catch(next);
  };
}
