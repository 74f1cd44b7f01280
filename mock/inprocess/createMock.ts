import { createFrozenClock, createRunningClock } from '../clock.ts';
import { generateDataset } from '../../fixtures/generateDataset.ts';
import { buildContract } from '../../spec/buildContract.ts';
import { composeDeps, DEFAULT_SEED } from '../composeDeps.ts';
import { BUNDLED_DATASET, BUNDLED_SPEC } from './bundledInputs.ts';
import { createMockPipeline } from '../createMockPipeline.ts';
import { faultCatalog } from '../faults/catalog.ts';
import { availableFaults } from '../controls/controlActions.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import { isSessionName } from '../sessions/sessionName.ts';
import { createFetchHandler, type FetchHandler } from './createFetchHandler.ts';
import { type MockSession, mockSession } from './mockSession.ts';

export type { MockSession, JournalFilters } from './mockSession.ts';
export type { FetchHandler } from './createFetchHandler.ts';

/** The options of `npm start` that mean something without a port (`npm start -- --help` says each one). */
export interface MockOptions {
  /** --seed: the same seed gives the same data (default 1). */
  seed?: number;
  /** --size: `default`, or `large` (thousands of groups; seconds to build). */
  size?: 'default' | 'large';
  /** --groups: N generated groups more in the first community. */
  groups?: number;
  /** --clock and --frozen: where the clock starts, and whether it stands still (reproducible answers). */
  clock?: { now?: string | Date; frozen?: boolean };
  /** --faults: faults switched on in every session from the start (names: `mock.faults`). */
  faults?: readonly string[];
  /** --max-sessions: named sessions at most (default 1000); one more is a 429. */
  maxSessions?: number;
  /** --session-idle-minutes: a named session unused this long is dropped. */
  sessionIdleMinutes?: number;
  /** --journal-budget-mb: what all journals hold together at most (default 64). */
  journalBudgetMb?: number;
  /** Check every answer against the spec and flag violations (X-Contract-Violations); on by default. */
  validateResponses?: boolean;
  /** One line per request and internal errors (the server's log); silent by default. */
  log?: (line: string) => void;
}

/** The whole mock in memory: the API as a Fetch handler, and each session's controls. */
export interface Mock {
  /**
   * Answers a WHATWG Fetch `Request` as the server answers it: the 13 API operations with their validation,
   * authentication, sessions (`X-Mock-Session`), faults, latency and journal; any other route as the server
   * answers one it does not know (a CORS preflight 204, else 404 or 405). The controls are `session(name)`.
   */
  fetch: FetchHandler;
  /** The controls of a session (`default` when no name is given), as the `/__mock` routes have them. */
  session(name?: string): MockSession;
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
  const known = new Set(faultCatalog.map((f) => f.name));
  const unknown = (options.faults ?? []).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new TypeError(`createMock: unknown faults ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  const now = options.clock?.now;
  const clock = options.clock?.frozen ? createFrozenClock(now ?? createRunningClock().now()) : createRunningClock();
  if (now !== undefined && !options.clock?.frozen) clock.set(new Date(now));
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
  const pipeline = createMockPipeline(deps, { faultCatalog, validateResponses: options.validateResponses, log: options.log, answerUnrouted: true });
  return {
    fetch: createFetchHandler(pipeline),
    session(name = DEFAULT_SESSION) {
      if (!isSessionName(name))
        throw new TypeError(`createMock: a session name is 1 to 64 characters of A-Z a-z 0-9 . _ - (got ${JSON.stringify(name.slice(0, 80))})`);
      return mockSession(deps.sessions, faultCatalog, name);
    },
    seed: deps.sessions.use(DEFAULT_SESSION).store.seed,
    faults: availableFaults(faultCatalog),
  };
}
