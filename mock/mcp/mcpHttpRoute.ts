import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer } from './createMcpServer.ts';
import type { McpContext } from './McpContext.ts';

/**
 * One MCP request answered by a server made for it (mcpRoutes.ts): the SDK's transport over WHATWG Fetch
 * objects, stateless (no session id). `close` ends the server and the transport once the answer is sent.
 */
export async function answerMcp(request: Request, context: McpContext): Promise<{ response: Response; close: () => void }> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const server = createMcpServer(context);
  const close = (): void => {
    void transport.close();
    void server.close();
  };
  try {
    await server.connect(transport);
    return { response: await transport.handleRequest(request), close };
  } catch (error) {
    close();
    throw error;
  }
}
