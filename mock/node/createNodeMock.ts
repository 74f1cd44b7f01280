import { buildContract } from '../../spec/buildContract.ts';
import type { AppOptions } from '../AppOptions.ts';
import { createDeps } from '../createDeps.ts';
import { faultCatalog } from '../faults/catalog.ts';
import { type MockSession, mockSession } from '../inprocess/mockSession.ts';
import { assertKnownFaults, clockFromOptions, type MockOptions } from '../mockStartOptions.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import { isSessionName } from '../sessions/sessionName.ts';
import { createMockListener, type MockListener } from './createMockListener.ts';
import { listenMock, type RunningMock } from './listenMock.ts';

/** createMock's options, and those of `npm start` that belong to a mock reached over HTTP. */
export interface NodeMockOptions extends MockOptions {
  /** --public-url: the URL clients reach the mock at (the OAuth issuer and every served URL start with it). */
  publicUrl?: string;
  /** --allowed-hosts: host names accepted besides loopback names and IP literals (DNS rebinding guard). */
  allowedHosts?: readonly string[];
  /** --cors-origins: origins allowed to call the API with credentials. */
  corsOrigins?: readonly string[];
  /** --admin-token: required on every /__mock control when set. */
  adminToken?: string;
}

/** The mock on node:http, and each session's controls as createMock has them. */
export interface NodeMock {
  listener: MockListener;
  session(name?: string): MockSession;
  readonly seed: number;
  /** Serves this mock (its sessions and data) on a port of its own: 0 and 127.0.0.1 by default. */
  listen(port?: number, host?: string): Promise<RunningMock>;
}

/**
 * What mockMiddleware and startMock share with `edu-mock`: data from the seed (the committed default dataset
 * when it is current, as the server reads it), the contract compiled as operations are first used, and the
 * server's listener (mock/node/createMockListener.ts).
 */
export function createNodeMock(options: NodeMockOptions, who: string): NodeMock {
  assertKnownFaults(options.faults, who);
  const deps = createDeps({
    seed: options.seed,
    size: options.size,
    ...(options.groups ? { groups: options.groups } : {}),
    clock: clockFromOptions(options.clock),
    faults: options.faults ?? [],
    maxSessions: options.maxSessions,
    sessionIdleMinutes: options.sessionIdleMinutes,
    ...(options.journalBudgetMb !== undefined ? { journalBudgetBytes: options.journalBudgetMb * 1024 * 1024 } : {}),
    compile: 'lazy',
  });
  const appOptions: AppOptions = {
    log: options.log,
    faultCatalog,
    validateResponses: options.validateResponses,
    publicUrl: options.publicUrl,
    allowedHosts: options.allowedHosts,
    corsOrigins: options.corsOrigins,
    adminToken: options.adminToken,
    ...(options.previousSpec ? { previousContract: buildContract(options.previousSpec, 'previous', { compile: 'lazy' }) } : {}),
  };
  const listener = createMockListener(deps, appOptions);
  const session = (name = DEFAULT_SESSION): MockSession => {
    if (!isSessionName(name))
      throw new TypeError(`${who}: a session name is 1 to 64 characters of A-Z a-z 0-9 . _ - (got ${JSON.stringify(name.slice(0, 80))})`);
    return mockSession(deps.sessions, faultCatalog, name);
  };
  return {
    listener,
    session,
    seed: deps.sessions.use(DEFAULT_SESSION).store.seed,
    listen: (port, host) => listenMock(listener, session, port, host),
  };
}
