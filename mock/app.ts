import express, { type Express } from 'express';
import { Journal } from './controls/Journal.ts';
import { Latency } from './controls/Latency.ts';
import { createControlsRouter } from './controls/createControlsRouter.ts';
import { assertHandlersMatchSpec, operationHandlers } from './handlers/operationHandlers.ts';
import { cors } from './http/cors.ts';
import { type ApiPipeline, createApiPipeline } from './http/createApiPipeline.ts';
import type { Fault } from './faults/Fault.ts';
import { handleErrors, notFound } from './http/handleErrors.ts';
import type { AppDeps } from './http/OperationHandler.ts';
import { BODY_LIMIT } from './http/readRequestBody.ts';
import { requestLog } from './http/requestLog.ts';
import { createOAuthRouter, OAUTH_OPERATION_IDS } from './oauth/createOAuthRouter.ts';

export interface AppOptions {
  /** Where the one-line request log and internal errors go; omit for silence (tests). */
  log?: (line: string) => void;
  /** Every switchable fault; deps.faults names the active ones. */
  faultCatalog?: readonly Fault[];
  /** Check every answer against the spec and flag violations (on by default). */
  validateResponses?: boolean;
}

export interface MockApp {
  app: Express;
  /**
   * The API operations alone, over plain node:http (true when it answered). The app mounts it first; a
   * server of its own may call it before the app, which skips Express's routing for API requests.
   */
  api: ApiPipeline;
  journal: Journal;
  latency: Latency;
}

/**
 * The whole mock as an Express app, built only from what it is given (store, clock, rng, contract, faults).
 * It never listens: mock/server.ts is the only place with a port, and tests drive it on 127.0.0.1:0.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}): MockApp {
  assertHandlersMatchSpec(deps.contract, operationHandlers, OAUTH_OPERATION_IDS);
  const log = options.log ?? (() => undefined);
  const faultCatalog = options.faultCatalog ?? [];
  const journal = new Journal();
  const latency = new Latency(deps.rng.fork('latency'));
  const api = createApiPipeline(deps, {
    handlers: operationHandlers,
    faultCatalog,
    validateResponses: options.validateResponses ?? true,
    latency,
    journal,
    clock: deps.clock,
    log: options.log,
  });

  const app = express();
  // A mock answers fresh data every time: ETags would only cost a hash per response.
  app.disable('etag');
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  // The API first: it does its own CORS headers, journal, body parsing and errors (see createApiPipeline).
  app.use((req, res, next) => {
    if (!api(req, res)) next();
  });
  app.use(cors());
  app.use(requestLog({ journal, clock: deps.clock, log: options.log }));
  app.use('/__mock', createControlsRouter(deps, { journal, latency, faultCatalog }));
  app.use(createOAuthRouter(deps, { log }));
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT }));
  app.use((_req, _res, next) => {
    const ms = latency.next();
    if (ms > 0) setTimeout(next, ms);
    else next();
  });
  app.use(notFound(deps.contract));
  app.use(handleErrors(log));
  return { app, api, journal, latency };
}
