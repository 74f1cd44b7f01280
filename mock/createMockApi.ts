import type { AppOptions } from './AppOptions.ts';
import { defaultSessionTokens } from './auth/authenticateInSession.ts';
import type { MockDeps } from './createDeps.ts';
import { assertHandlersMatchSpec, operationHandlers } from './handlers/operationHandlers.ts';
import { type ApiPipeline, createApiPipeline } from './http/createApiPipeline.ts';
import { OAUTH_OPERATION_IDS } from './oauth/oauthOperationIds.ts';
import { createFrontDoor, type FrontDoor } from './sessions/frontDoor.ts';

/**
 * The API operations alone, over plain node:http (see createApiPipeline), after the start-up check that every
 * operation of the spec has a handler. createApp mounts it first in its Express app; the standalone server
 * answers API requests with it and builds the Express app (controls, OAuth pages, docs) only when needed.
 * The pipeline sees the registry only through the front door and the auth fallback.
 */
export function createMockApi(deps: MockDeps, options: AppOptions = {}, door: FrontDoor = createFrontDoor(deps.sessions)): ApiPipeline {
  assertHandlersMatchSpec(deps.contract, operationHandlers, OAUTH_OPERATION_IDS);
  return createApiPipeline(deps.contract, door, {
    handlers: operationHandlers,
    faultCatalog: options.faultCatalog ?? [],
    validateResponses: options.validateResponses ?? true,
    log: options.log,
    host: { allowedHosts: options.allowedHosts, boundHost: options.boundHost, publicUrl: options.publicUrl, trustProxy: options.trustProxy },
    cors: { origins: options.corsOrigins },
    durability: options.durability,
    tokenFallback: defaultSessionTokens(deps.sessions),
  });
}
