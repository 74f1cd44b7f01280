import type { AppOptions } from './AppOptions.ts';
import { defaultSessionTokens } from './auth/authenticateInSession.ts';
import type { MockDeps } from './createDeps.ts';
import type { MockRoute } from './exchange/MockRoute.ts';
import { controlRoutes } from './controls/controlRoutes.ts';
import { assertHandlersMatchSpec, operationHandlers } from './handlers/operationHandlers.ts';
import { type ApiPipeline, type CommitStage, createApiPipeline } from './http/createApiPipeline.ts';
import { OAUTH_OPERATION_IDS } from './oauth/oauthOperationIds.ts';
import { oauthRoutes } from './oauth/oauthRoutes.ts';
import { createFrontDoor, type FrontDoor } from './sessions/frontDoor.ts';

/** What the lifecycle is built with besides the deps: the app's options that concern it, and its Node-only stages and routes. */
export interface MockPipelineOptions extends Pick<
  AppOptions,
  'log' | 'faultCatalog' | 'validateResponses' | 'corsOrigins' | 'previousContract' | 'adminToken'
> {
  /** `--state-file`'s stage (mock/persist), given by the Node mounts only. */
  commit?: CommitStage;
  /** The routes only Node has (they read files or run the suite: the docs, the dashboard, MCP), given by the Node mounts. */
  nodeRoutes?: readonly MockRoute[];
}

/**
 * The whole mock over the one transport-neutral lifecycle (createApiPipeline): the API operations with their
 * handlers (after the start-up check that every operation of the spec has one), the controls and the
 * authorization server, and whatever routes the mount adds. Every mount answers through it: node:http
 * (createMockApi), Express (createApp), Vite, the Fetch handler (createMock), MSW.
 */
export function createMockPipeline(deps: MockDeps, options: MockPipelineOptions = {}, door: FrontDoor = createFrontDoor(deps.sessions)): ApiPipeline {
  assertHandlersMatchSpec(deps.contract, operationHandlers, OAUTH_OPERATION_IDS);
  const faultCatalog = options.faultCatalog ?? [];
  return createApiPipeline(deps.contract, door, {
    handlers: operationHandlers,
    faultCatalog,
    validateResponses: options.validateResponses ?? true,
    log: options.log,
    cors: { origins: options.corsOrigins },
    ...(options.commit ? { commit: options.commit } : {}),
    ...(options.previousContract ? { previousContract: options.previousContract } : {}),
    tokenFallback: defaultSessionTokens(deps.sessions),
    routes: [...controlRoutes({ faultCatalog }), ...oauthRoutes(deps.contract, { log: options.log }), ...(options.nodeRoutes ?? [])],
    sessions: deps.sessions,
    controls: options.adminToken !== undefined ? { adminToken: options.adminToken } : {},
  });
}
