import type { AddressInfo } from 'node:net';
import type { MockSession } from '../inprocess/mockSession.ts';
import { createMockServer } from '../http/createMockServer.ts';
import { createNodeMock, type NodeMockOptions } from './createNodeMock.ts';

export interface StartMockOptions extends NodeMockOptions {
  /** --port: 0 (the default here) takes any free port; `url` says which. */
  port?: number;
  /** --host: 127.0.0.1 by default (loopback only). */
  host?: string;
}

/** A mock listening on a port, as `edu-mock` runs it. */
export interface RunningMock {
  /** `http://127.0.0.1:PORT`, where it listens. */
  readonly url: string;
  /** The controls of a session (`default` when no name is given), as the `/__mock` routes have them. */
  session(name?: string): MockSession;
  /** Stops listening and closes every connection, idle keep-alive ones included. */
  close(): Promise<void>;
}

/**
 * Starts the mock on node:http, as the `edu-mock` command does (the same listener, timeouts and parser
 * refusals), inside the caller's process: for a test runner's global setup, or a script. Resolves once it
 * listens; rejects when it cannot (a port in use).
 */
export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const mock = createNodeMock(options, 'startMock');
  const server = createMockServer(mock.listener);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}`,
    session: mock.session,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
