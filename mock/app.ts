import express, { type Express } from 'express';
import { createMockApi } from './createMockApi.ts';
import type { NodeMount } from './http/mountOnNode.ts';
import type { AppOptions } from './AppOptions.ts';
import type { MockDeps } from './createDeps.ts';

export interface MockApp {
  app: Express;
  /** The whole mock over plain node:http (createMockApi): what the app hands every request to. */
  api: NodeMount;
}

/**
 * The whole mock as an Express app, for a test or a host that wants one: every request goes to the one
 * lifecycle (createMockApi), as `edu-mock` serves it. It never listens: mock/server.ts and
 * mock/node/startMock.ts do, and tests drive it on 127.0.0.1:0.
 */
export function createApp(deps: MockDeps, options: AppOptions = {}): MockApp {
  const api = options.api ?? createMockApi(deps, options);
  const app = express();
  // A mock answers fresh data every time: ETags would only cost a hash per response.
  app.disable('etag');
  app.disable('x-powered-by');
  app.use((req, res) => api(req, res));
  return { app, api };
}
