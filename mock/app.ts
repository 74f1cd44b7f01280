import express, { type Express } from 'express';
import type { Journal } from './controls/Journal.ts';
import type { Latency } from './controls/Latency.ts';
import { createControlsRouter } from './controls/createControlsRouter.ts';
import { assertHandlersMatchSpec, operationHandlers } from './handlers/operationHandlers.ts';
import { cors } from './http/cors.ts';
import { createOperationRouter } from './http/createOperationRouter.ts';
import type { Fault } from './faults/Fault.ts';
import { handleErrors, notFound } from './http/handleErrors.ts';
import type { AppDeps } from './http/OperationHandler.ts';
import { requestDeps } from './http/requestDeps.ts';
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
  /** The default session's journal and latency (each session has its own, in its deps). */
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

  const app = express();
  // A mock answers fresh data every time: ETags would only cost a hash per response.
  app.disable('etag');
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  app.use(cors());
  app.use(requestLog(deps, { log: options.log }));
  app.use('/__mock', createControlsRouter(deps, { faultCatalog }));
  app.use(createOAuthRouter(deps, { log }));
  app.use(express.raw({ type: () => true, limit: '50mb' }));
  app.use((req, _res, next) => {
    const ms = requestDeps(deps, req).latency.next();
    if (ms > 0) setTimeout(next, ms);
    else next();
  });
  app.use(createOperationRouter(deps, { handlers: operationHandlers, faultCatalog, validateResponses: options.validateResponses ?? true }));
  app.use(notFound(deps.contract));
  app.use(handleErrors(log));
  return { app, journal: deps.journal, latency: deps.latency };
}
