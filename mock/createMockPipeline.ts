import type { AppOptions } from './AppOptions.ts';
import { defaultSessionTokens } from './auth/authenticateInSession.ts';
import type { MockDeps } from './createDeps.ts';
import { assertHandlersMatchSpec, operationHandlers } from './handlers/operationHandlers.ts';
import { type ApiPipeline, type CommitStage, createApiPipeline } from './http/createApiPipeline.ts';
import { OAUTH_OPERATION_IDS } from './oauth/oauthOperationIds.ts';
import { createFrontDoor, type FrontDoor } from './sessions/frontDoor.ts';

/** What the API lifecycle is built with besides the deps: the app's options that concern it, and its Node-only stages. */
export interface MockPipelineOptions extends Pick<AppOptions, 'log' | 'faultCatalog' | 'validateResponses' | 'corsOrigins' | 'previousContract'> {
  /** `--state-file`'s stage (mock/persist), given by the Node mounts only. */
  commit?: CommitStage;
  /** Answer every route, not only the API's (see ApiPipelineOptions): for the mounts with no Express behind them. */
  answerUnrouted?: boolean;
}

/**
 * The API operations with their handlers, over the transport-neutral lifecycle (createApiPipeline), after the
 * start-up check that every operation of the spec has a handler. Every mount answers through it: node:http
 * (createMockApi), Express (createApp), the Fetch handler (createMock). The lifecycle sees the registry only
 * through the front door and the auth fallback.
 */
export function createMockPipeline(deps: MockDeps, options: MockPipelineOptions = {}, door: FrontDoor = createFrontDoor(deps.sessions)): ApiPipeline {
  assertHandlersMatchSpec(deps.contract, operationHandlers, OAUTH_OPERATION_IDS);
  return createApiPipeline(deps.contract, door, {
    handlers: operationHandlers,
    faultCatalog: options.faultCatalog ?? [],
    validateResponses: options.validateResponses ?? true,
    log: options.log,
    cors: { origins: options.corsOrigins },
    ...(options.commit ? { commit: options.commit } : {}),
    ...(options.answerUnrouted ? { answerUnrouted: true } : {}),
    ...(options.previousContract ? { previousContract: options.previousContract } : {}),
    tokenFallback: defaultSessionTokens(deps.sessions),
  });
}
