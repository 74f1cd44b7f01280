import type { OpenAPIV3_1 } from 'openapi-types';
import { type Clock, createFrozenClock, createRunningClock } from './clock.ts';
import { faultCatalog } from './faults/catalog.ts';

/** The options of `npm start` that mean something without a port: createMock, mockMiddleware and startMock take them. */
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
  /**
   * --previous-spec: an earlier contract, as a parsed OpenAPI document, served beside the current one on the
   * same data to requests with `X-Contract-Version: previous` (docs/spec-changes.md).
   */
  previousSpec?: OpenAPIV3_1.Document;
}

/** The clock the options ask for: `--clock` and `--frozen` as the server reads them. */
export function clockFromOptions(options: MockOptions['clock']): Clock {
  const now = options?.now;
  const clock = options?.frozen ? createFrozenClock(now ?? createRunningClock().now()) : createRunningClock();
  if (now !== undefined && !options?.frozen) clock.set(new Date(now));
  return clock;
}

/** A typo in a fault name is refused at once, naming the known ones, as `--faults` is. */
export function assertKnownFaults(names: readonly string[] | undefined, who: string): void {
  const known = new Set(faultCatalog.map((f) => f.name));
  const unknown = (names ?? []).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new TypeError(`${who}: unknown faults ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
}
