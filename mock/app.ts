import express, { type Express } from 'express';
import { createControlsRouter } from './controls/createControlsRouter.ts';
import { controlsGuard } from './http/controlsGuard.ts';
import { cors } from './http/cors.ts';
import { hostGuard } from './http/hostGuard.ts';
import { mountPath } from './mountPath.ts';
import { createDocsRouter } from './docs/createDocsRouter.ts';
import { dashboardPage } from './ui/dashboardPage.ts';
import { createMockApi } from './createMockApi.ts';
import type { NodeMount } from './http/mountOnNode.ts';
import type { AppOptions } from './AppOptions.ts';
import { handleErrors, notFound } from './http/handleErrors.ts';
import type { MockDeps } from './createDeps.ts';
import { BODY_LIMIT } from './http/readRequestBody.ts';
import { createFrontDoor, enter, requestSession } from './sessions/frontDoor.ts';
import { requestLog } from './http/requestLog.ts';
import { createOAuthRouter } from './oauth/createOAuthRouter.ts';
import { holdAnswerUntilDurable } from './persist/holdAnswerUntilDurable.ts';
import { mcpRoute } from './mcp/mcpRoute.ts';

export interface MockApp {
  app: Express;
  /**
   * The API operations alone, over plain node:http (true when it answered). The app mounts it first; a
   * server of its own may call it before the app, which skips Express's routing for API requests.
   */
  api: NodeMount;
}

/**
 * The whole mock as an Express app, built only from what it is given (store, clock, rng, contract, faults).
 * It never listens: mock/server.ts and mock/node/startMock.ts do, and tests drive it on 127.0.0.1:0.
 */
export function createApp(deps: MockDeps, options: AppOptions = {}): MockApp {
  const door = createFrontDoor(deps.sessions);
  const api = options.api ?? createMockApi(deps, options, door);
  const log = options.log ?? (() => undefined);
  const faultCatalog = options.faultCatalog ?? [];
  const hostPolicy = { allowedHosts: options.allowedHosts, boundHost: options.boundHost, publicUrl: options.publicUrl, trustProxy: options.trustProxy };

  const app = express();
  // A mock answers fresh data every time: ETags would only cost a hash per response.
  app.disable('etag');
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  // The API first: it guards the host, holds answers until durable, and does its own CORS headers, journal,
  // body parsing and errors (see createApiPipeline), so the standalone server can call it before Express.
  app.use((req, res, next) => {
    if (!api(req, res)) next();
  });
  // Before any router of the app cuts req.url further: the path a host app mounted the mock under.
  app.use((req, res, next) => {
    res.locals.mountPath = mountPath(req);
    next();
  });
  app.use(hostGuard(hostPolicy));
  app.use(cors({ origins: options.corsOrigins }));
  // The front door of everything else: the request's session is resolved here, once, for every stage below.
  app.use((req, _res, next) => {
    enter(door, req);
    next();
  });
  app.use(requestLog({ log: options.log }));
  // After the log: the journal must see the answer really sent, the 503 of a failed commit included.
  if (options.durability) app.use(holdAnswerUntilDurable(options.durability));
  // The dashboard's page itself is static and public; the controls it calls are what an admin token guards.
  app.get('/__mock/ui', dashboardPage());
  app.use('/__mock', controlsGuard({ adminToken: options.adminToken }));
  // The controls as MCP tools (docs/mcp.md), behind the same guard.
  app.use('/__mock/mcp', ...mcpRoute(deps.sessions, { faultCatalog, adminToken: options.adminToken }));
  app.use('/__mock', createControlsRouter(deps.sessions, { faultCatalog }));
  app.use(createOAuthRouter(deps.contract, { log }));
  app.use(createDocsRouter(deps.contract, { publicUrl: options.publicUrl }));
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT }));
  app.use((req, _res, next) => {
    const ms = requestSession(req).latency.next();
    if (ms > 0) setTimeout(next, ms);
    else next();
  });
  app.use(notFound(deps.contract));
  app.use(handleErrors(log));
  return { app, api };
}
