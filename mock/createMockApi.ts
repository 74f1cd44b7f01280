import type { AppOptions } from './AppOptions.ts';
import { dashboardRoute } from './controls/dashboardRoute.ts';
import type { MockDeps } from './createDeps.ts';
import { createMockPipeline } from './createMockPipeline.ts';
import { docsRoutes } from './docs/docsRoutes.ts';
import { mountOnNode, type NodeMount } from './http/mountOnNode.ts';
import { mcpRoutes } from './mcp/mcpRoutes.ts';
import { commitBeforeAnswer } from './persist/commitBeforeAnswer.ts';
import { createFrontDoor, type FrontDoor } from './sessions/frontDoor.ts';

/**
 * The whole mock on node:http (see mountOnNode): the lifecycle of createMockPipeline with what only a Node
 * server has: the host check, `--state-file`'s commit stage, and the routes that read files or run the suite
 * (the docs, the dashboard, MCP). `edu-mock`, startMock, mockMiddleware, the Vite plugin and createApp all
 * answer through it.
 */
export function createMockApi(deps: MockDeps, options: AppOptions = {}, door: FrontDoor = createFrontDoor(deps.sessions)): NodeMount {
  const durability = options.durability;
  const faultCatalog = options.faultCatalog ?? [];
  const pipeline = createMockPipeline(
    deps,
    {
      ...options,
      ...(durability ? { commit: (answer, url) => commitBeforeAnswer(durability, answer, url) } : {}),
      nodeRoutes: [
        dashboardRoute(),
        ...mcpRoutes({ faultCatalog, ...(options.adminToken !== undefined ? { adminToken: options.adminToken } : {}) }),
        ...docsRoutes(deps.contract),
      ],
    },
    door,
  );
  return mountOnNode(pipeline, {
    allowedHosts: options.allowedHosts,
    boundHost: options.boundHost,
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy,
  });
}
