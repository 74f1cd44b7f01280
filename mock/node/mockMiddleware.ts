import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockSession } from '../inprocess/mockSession.ts';
import { createNodeMock, type NodeMockOptions } from './createNodeMock.ts';
import type { RunningMock } from './listenMock.ts';

/** Express/Connect middleware serving the whole mock, with each session's controls as createMock has them. */
export interface MockMiddleware {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** The controls of a session (`default` when no name is given), as the `/__mock` routes have them. */
  session(name?: string): MockSession;
  /** The seed the data was made from. */
  readonly seed: number;
  /**
   * Serves the same mock (its data and sessions) on a node:http server of its own, as `edu-mock` does:
   * port 0 (any free one: read `url`) and host 127.0.0.1 by default; `close()` stops it.
   */
  listen(port?: number, host?: string): Promise<RunningMock>;
}

/**
 * The mock as Express/Connect middleware, for an existing Express app or a dev server (webpack-dev-server,
 * Vite): `app.use('/api', mockMiddleware())`. Express and Connect cut the mount path off `req.url`, so the
 * mock sees `/v1/groups` under any prefix. Every route is the mock's, answered as `edu-mock` answers it: the
 * API operations, the `/__mock` controls, the OAuth pages and token endpoint, the docs, and a 404 or 405
 * for a route it does not know.
 */
export function mockMiddleware(options: NodeMockOptions = {}): MockMiddleware {
  const mock = createNodeMock(options, 'mockMiddleware');
  const middleware = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void => mock.listener(req, res, next);
  return Object.assign(middleware, { session: mock.session, seed: mock.seed, listen: mock.listen });
}
