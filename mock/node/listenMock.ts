import type { AddressInfo } from 'node:net';
import { createMockServer } from '../http/createMockServer.ts';
import type { MockSession } from '../inprocess/mockSession.ts';
import type { MockListener } from './createMockListener.ts';

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
 * Serves a mock's listener on its own node:http server, as `edu-mock` does (the same timeouts and parser
 * refusals). Port 0 (the default) takes any free port, `url` says which; host 127.0.0.1 (loopback only) by
 * default. Resolves once it listens; rejects when it cannot (a port in use).
 */
export async function listenMock(listener: MockListener, session: (name?: string) => MockSession, port = 0, host = '127.0.0.1'): Promise<RunningMock> {
  const server = createMockServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}`,
    session,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
