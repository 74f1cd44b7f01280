import { assertKnownFaults, clockFromOptions, type MockOptions } from '../mockStartOptions.ts';
import { generateDataset } from '../../fixtures/generateDataset.ts';
import { buildContract } from '../../spec/buildContract.ts';
import { composeDeps, DEFAULT_SEED } from '../composeDeps.ts';
import { BUNDLED_DATASET, BUNDLED_SPEC } from './bundledInputs.ts';
import { createMockPipeline } from '../createMockPipeline.ts';
import { faultCatalog } from '../faults/catalog.ts';
import { availableFaults } from '../controls/controlActions.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import { isSessionName } from '../sessions/sessionName.ts';
import { createFetchHandler } from './createFetchHandler.ts';
import type { FetchHandler } from './FetchHandler.ts';
import { type InProcessSession, inProcessSession } from './mockSession.ts';

export type { MockSession, InProcessSession, JournalFilters } from './mockSession.ts';
export type { LoginOptions, TokenResponseBody } from './loginThroughFetch.ts';
export { LoginError } from './LoginError.ts';
export type { FetchHandler } from './FetchHandler.ts';
export type { MockOptions } from '../mockStartOptions.ts';

/** The whole mock in memory: the API as a Fetch handler, and each session's controls. */
export interface Mock {
  /**
   * Answers a WHATWG Fetch `Request` as the server answers it, through the same lifecycle: the 13 API
   * operations with their validation, authentication, sessions (`X-Mock-Session`), faults, stubs, latency and
   * journal; the authorization server's metadata, authorization page and token endpoint; the `/__mock`
   * controls; any other route as the server answers one it does not know (a CORS preflight 204, else 404 or
   * 405). The docs, the dashboard page and MCP read files or run the suite: the Node mounts serve those.
   */
  fetch: FetchHandler;
  /**
   * The controls of a session (`default` when no name is given), as the `/__mock` routes have them, and its
   * login through the mock's authorization server (`login`).
   */
  session(name?: string): InProcessSession;
  /** The seed the data was made from. */
  readonly seed: number;
  /** Every fault that can be switched on. */
  readonly faults: ReturnType<typeof availableFaults>;
}

/**
 * Builds the mock in memory, with no port and no process: for unit tests, Storybook, a service worker, a
 * Next.js route handler or any Fetch server. Requests go through the same lifecycle as the server's.
 */
export function createMock(options: MockOptions = {}): Mock {
  assertKnownFaults(options.faults, 'createMock');
  const clock = clockFromOptions(options.clock);
  const seed = options.seed ?? DEFAULT_SEED;
  const size = options.size ?? 'default';
  // The default seed's data comes with the module (no disk, no generator); any other is generated as the server does.
  const dataset =
    seed === BUNDLED_DATASET.seed && size === 'default' && !options.groups
      ? BUNDLED_DATASET
      : generateDataset({ seed, size, ...(options.groups ? { groups: options.groups } : {}) });
  // Validators compile when first used: a test that sends one request pays for one operation's schemas.
  const contract = buildContract(BUNDLED_SPEC, 'spec/openapi.yaml', { compile: 'lazy' });
  const deps = composeDeps(contract, dataset, {
    clock,
    faults: options.faults ?? [],
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.sessionIdleMinutes !== undefined ? { sessionIdleMinutes: options.sessionIdleMinutes } : {}),
    ...(options.journalBudgetMb !== undefined ? { journalBudgetBytes: options.journalBudgetMb * 1024 * 1024 } : {}),
  });
  const pipeline = createMockPipeline(deps, {
    faultCatalog,
    validateResponses: options.validateResponses,
    log: options.log,
    ...(options.previousSpec ? { previousContract: buildContract(options.previousSpec, 'previous', { compile: 'lazy' }) } : {}),
  });
  const fetch = createFetchHandler(pipeline);
  return {
    fetch,
    session(name = DEFAULT_SESSION) {
      if (!isSessionName(name))
        throw new TypeError(`createMock: a session name is 1 to 64 characters of A-Z a-z 0-9 . _ - (got ${JSON.stringify(name.slice(0, 80))})`);
      return inProcessSession(deps.sessions, faultCatalog, name, fetch);
    },
    seed: deps.sessions.use(DEFAULT_SESSION).store.seed,
    faults: availableFaults(faultCatalog),
  };
}
