import express, { type Request, type RequestHandler } from 'express';
import type { Fault } from '../faults/Fault.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import type { McpContext } from './McpContext.ts';

export interface McpRouteOptions {
  faultCatalog: readonly Fault[];
  /** --public-url: the origin the tools reach the mock at; else the one the request reached. */
  publicUrl?: string;
  adminToken?: string;
}

/** MCP messages are small JSON-RPC objects; the bound keeps a hostile body from being read whole. */
const BODY_LIMIT = '1mb';

/**
 * The /__mock/mcp route as app.ts mounts it (behind the controls' guards). The MCP SDK and the tools load
 * on the first MCP request, so a mock nobody drives over MCP never loads them.
 */
export function mcpRoute(sessions: SessionRegistry<Session>, options: McpRouteOptions): RequestHandler[] {
  let handler: Promise<RequestHandler> | undefined;
  const context = (req: Request): McpContext => ({
    sessions,
    faultCatalog: options.faultCatalog,
    baseUrl: () => options.publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`,
    // Beyond loopback the suite is never sent anywhere over this route: no target can be named to a running mock.
    conformTargets: [],
    ...(options.adminToken !== undefined ? { adminToken: options.adminToken } : {}),
  });
  return [
    express.json({ limit: BODY_LIMIT }),
    (req, res, next) => {
      handler ??= import('./mcpHttpRoute.ts').then((m) => m.mcpHttpRoute(context));
      handler.then((handle) => handle(req, res, next), next);
    },
  ];
}
