import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppOptions } from '../AppOptions.ts';
import type { MockDeps } from '../composeDeps.ts';
import { createMockApi } from '../createMockApi.ts';

/** Node's request listener with Connect's optional `next` (never called: every route under the mount is the mock's). */
export type MockListener = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * The whole mock on node:http, as `edu-mock` serves it: every request goes straight to the one lifecycle
 * (createMockApi), API operations, controls, the authorization server and the docs alike, with no Express
 * router in the way (Express's routing and request wrapping cost about 4× a raw node:http answer).
 */
export function createMockListener(deps: MockDeps, options: AppOptions): MockListener {
  const api = options.api ?? createMockApi(deps, options);
  return (req, res) => api(req, res);
}
