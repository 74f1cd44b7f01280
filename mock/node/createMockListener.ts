import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { AppOptions } from '../AppOptions.ts';
import type { MockDeps } from '../composeDeps.ts';
import { createMockApi } from '../createMockApi.ts';

/** Node's request listener with Connect's optional `next`: the server calls it, Express and Vite mount it. */
export interface MockListener {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** Builds the Express app now, rather than on the first request that needs it (the server does so after listening). */
  warm(): Promise<void>;
}

type ConnectHandle = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The whole mock on node:http, as `edu-mock` serves it: API operations go straight to the lifecycle (skipping
 * Express's router and request wrapping, about 4× a raw node:http answer on their own); everything else
 * (controls, OAuth pages, docs, unknown routes) is the Express app of mock/app.ts around the same pipeline.
 * Loading Express and building that app cost about 200 ms of a cold start that API requests never need, so it
 * is imported on the first such request, or when `warm()` is called.
 */
export function createMockListener(deps: MockDeps, options: AppOptions, onAppError: (error: Error) => void): MockListener {
  const api = options.api ?? createMockApi(deps, options);
  let app: Promise<Express> | undefined;
  const expressApp = (): Promise<Express> => (app ??= import('../app.ts').then(({ createApp }) => createApp(deps, { ...options, api }).app));
  const listener = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void => {
    if (api(req, res)) return;
    expressApp().then(
      (express) => {
        // Express's own typing asks its Request for `next`; at run time it takes Node's request, as it does unmounted.
        if (next) (express as unknown as ConnectHandle)(req, res, next);
        else express(req, res);
      },
      (error: Error) => onAppError(error),
    );
  };
  return Object.assign(listener, { warm: async () => void (await expressApp()) });
}
