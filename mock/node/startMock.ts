import { createNodeMock, type NodeMockOptions } from './createNodeMock.ts';
import type { RunningMock } from './listenMock.ts';

export type { RunningMock } from './listenMock.ts';

export interface StartMockOptions extends NodeMockOptions {
  /** --port: 0 (the default here) takes any free port; `url` says which. */
  port?: number;
  /** --host: 127.0.0.1 by default (loopback only). */
  host?: string;
}

/**
 * Starts the mock on node:http, as the `edu-mock` command does (the same listener, timeouts and parser
 * refusals), inside the caller's process: for a test runner's global setup, or a script. Resolves once it
 * listens; rejects when it cannot (a port in use). The same as `mockMiddleware(options).listen(port, host)`.
 */
export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  return createNodeMock(options, 'startMock').listen(options.port, options.host);
}
