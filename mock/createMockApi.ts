import type { AppOptions } from './AppOptions.ts';
import type { MockDeps } from './createDeps.ts';
import { createMockPipeline } from './createMockPipeline.ts';
import { mountOnNode, type NodeMount } from './http/mountOnNode.ts';
import { commitBeforeAnswer } from './persist/commitBeforeAnswer.ts';
import { createFrontDoor, type FrontDoor } from './sessions/frontDoor.ts';

/**
 * The API operations alone, on node:http (see mountOnNode): the lifecycle of createMockPipeline with the stages
 * only a listening Node server has, the host check and `--state-file`'s commit. createApp mounts it first in
 * its Express app; the standalone server answers API requests with it and builds the Express app (controls,
 * OAuth pages, docs) only when needed.
 */
export function createMockApi(deps: MockDeps, options: AppOptions = {}, door: FrontDoor = createFrontDoor(deps.sessions)): NodeMount {
  const durability = options.durability;
  const pipeline = createMockPipeline(
    deps,
    { ...options, ...(durability ? { commit: (answer, url) => commitBeforeAnswer(durability, answer, url) } : {}) },
    door,
  );
  return mountOnNode(pipeline, {
    allowedHosts: options.allowedHosts,
    boundHost: options.boundHost,
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy,
  });
}
