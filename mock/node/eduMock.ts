import type { NodeMockOptions } from './createNodeMock.ts';
import { type MockMiddleware, mockMiddleware } from './mockMiddleware.ts';

/** Vite's `server.allowedHosts` / `preview.allowedHosts`: names, `.domain` for it and its subdomains, or `true` for any. */
type ViteAllowedHosts = readonly string[] | true | undefined;

/** What the plugin uses of Vite's dev and preview servers: their Connect stack, and the hosts they accept. */
export interface ConnectServer {
  middlewares: { use(route: string, handle: MockMiddleware): unknown };
  config?: { server?: { allowedHosts?: ViteAllowedHosts }; preview?: { allowedHosts?: ViteAllowedHosts } };
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
  // The mock's own host check (against DNS rebinding) accepts what the dev server accepts: a name the app is
  // opened under in Vite's allowedHosts (a tunnel, a LAN name) reaches the mock too. Read when Vite configures
  // the server, before any request, so the list is complete when the first one is checked.
  const allowedHosts = [...(options.allowedHosts ?? [])];
  const middleware = mockMiddleware({ ...options, allowedHosts });
  const accept = (hosts: ViteAllowedHosts): void => {
    if (hosts === true) allowedHosts.push('all');
    else for (const host of hosts ?? []) if (!allowedHosts.includes(host)) allowedHosts.push(host);
  };
  // Connect cuts `base` off req.url before the middleware runs, as Express does.
  return {
    name: 'edu-mock',
    configureServer: (server) => {
      accept(server.config?.server?.allowedHosts);
      server.middlewares.use(base, middleware);
    },
    configurePreviewServer: (server) => {
      accept(server.config?.preview?.allowedHosts ?? server.config?.server?.allowedHosts);
      server.middlewares.use(base, middleware);
    },
    middleware,
  };
}
