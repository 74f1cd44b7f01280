import type { NodeMockOptions } from './createNodeMock.ts';
import { type MockMiddleware, mockMiddleware } from './mockMiddleware.ts';

/** What the plugin uses of Vite's dev and preview servers: their Connect stack. */
export interface ConnectServer {
  middlewares: { use(route: string, handle: MockMiddleware): unknown };
}

export interface EduMockOptions extends NodeMockOptions {
  /** Where the mock is served on the dev server's origin (default `/api`): the app calls `/api/v1/groups`. */
  base?: string;
}

/** The plugin object Vite takes (structurally a Vite `Plugin`; Vite itself is not needed to build it). */
export interface EduMockPlugin {
  name: 'edu-mock';
  configureServer(server: ConnectServer): void;
  configurePreviewServer(server: ConnectServer): void;
  /** The middleware both servers use: its `session(name)` gives the controls from the Vite config or a test. */
  readonly middleware: MockMiddleware;
}

/**
 * A Vite plugin serving the mock under the dev server's own origin, at `base`: no CORS and no second
 * process. `vite` and `vite preview` share one mock (one set of sessions), built when the plugin is.
 */
export function eduMock(options: EduMockOptions = {}): EduMockPlugin {
  const base = `/${(options.base ?? '/api').replace(/^\/+|\/+$/g, '')}`;
  if (base === '/') throw new TypeError('eduMock: base must be a path such as /api (the mock answers every route under it)');
  const middleware = mockMiddleware(options);
  // Connect cuts `base` off req.url before the middleware runs, as Express does.
  const mount = (server: ConnectServer): void => void server.middlewares.use(base, middleware);
  return { name: 'edu-mock', configureServer: mount, configurePreviewServer: mount, middleware };
}
