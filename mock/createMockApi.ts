import type { AppOptions } from './AppOptions.ts';
import { assertHandlersMatchSpec, operationHandlers } from './handlers/operationHandlers.ts';
import { type ApiPipeline, createApiPipeline } from './http/createApiPipeline.ts';
import type { Session } from './sessions/Session.ts';
import { OAUTH_OPERATION_IDS } from './oauth/oauthOperationIds.ts';

/**
 * The API operations alone, over plain node:http (see createApiPipeline), after the start-up check that every
 * operation of the spec has a handler. createApp mounts it first in its Express app; the standalone server
 * answers API requests with it and builds the Express app (controls, OAuth pages, docs) only when needed.
 */
export function createMockApi(deps: Session, options: AppOptions = {}): ApiPipeline {
  assertHandlersMatchSpec(deps.contract, operationHandlers, OAUTH_OPERATION_IDS);
  return createApiPipeline(deps, {
    handlers: operationHandlers,
    faultCatalog: options.faultCatalog ?? [],
    validateResponses: options.validateResponses ?? true,
    log: options.log,
    host: { allowedHosts: options.allowedHosts, boundHost: options.boundHost, publicUrl: options.publicUrl, trustProxy: options.trustProxy },
    cors: { origins: options.corsOrigins },
    durability: options.durability,
  });
}
