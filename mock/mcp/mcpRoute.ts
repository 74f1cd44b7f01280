import express, { type Request, type RequestHandler, type Response } from 'express';
import { mountPathOf } from '../mountPath.ts';
import type { Fault } from '../faults/Fault.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import type { McpContext } from './McpContext.ts';

export interface McpRouteOptions {
  faultCatalog: readonly Fault[];
  adminToken?: string;
}

/** The request's own origin as the host guard fixed it (res.locals.publicOrigin), else as the request names it. */
function publicOriginOf(req: Request): string {
  const fixed = req.res?.locals.publicOrigin;
  return typeof fixed === 'string' ? fixed.replace(/\/+$/, '') : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** MCP messages are small JSON-RPC objects; the bound keeps a hostile body from being read whole. */
const BODY_LIMIT = '1mb';

/**
 * The /__mock/mcp route as app.ts mounts it (behind the controls' guards). The MCP SDK and the tools load
 * on the first MCP request, so a mock nobody drives over MCP never loads them.
 */
export function mcpRoute(sessions: SessionRegistry<Session>, options: McpRouteOptions): RequestHandler[] {
  let handler: Promise<RequestHandler> | undefined;
  const context = (req: Request, res: Response): McpContext => ({
    sessions,
    faultCatalog: options.faultCatalog,
    // The origin the host guard settled for this request (--public-url, else the Host it accepted), under the
    // path a host app mounted the mock at: where the app reaches the mock, as every URL the mock serves.
    baseUrl: () => `${publicOriginOf(req)}${mountPathOf(res)}`,
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
