import type { Dataset } from '../fixtures/records.ts';
import { createRng } from '../fixtures/rng.ts';
import type { Contract } from '../spec/buildContract.ts';
import { type Clock, createRunningClock } from './clock.ts';
import { JournalBudget } from './journal/JournalBudget.ts';
import type { Session } from './sessions/Session.ts';
import { sessionFactory } from './sessions/sessionFactory.ts';
import { SessionRegistry } from './sessions/SessionRegistry.ts';
import { BaseData } from './store/BaseData.ts';

/**
 * What the mock is built from: the shared contract and the registry of every session. It holds no session of
 * its own to reach by mistake: a request's session comes from the front door (sessions/frontDoor.ts), and the
 * default session only by its name (`sessions.use(DEFAULT_SESSION)`).
 */
export interface MockDeps {
  readonly contract: Contract;
  /** Every session: for the front door, the controls, the auth fallback and persistence alone. */
  readonly sessions: SessionRegistry<Session>;
}

/** The seed of the default data (`--seed`), whose dataset is committed. */
export const DEFAULT_SEED = 1;

/** How the sessions over a dataset are set up (createDeps' options that are not about where data and spec come from). */
export interface ComposeOptions {
  clock?: Clock;
  faults?: Iterable<string>;
  maxSessions?: number;
  sessionIdleMinutes?: number;
  freezeRecords?: boolean;
  wallClock?: () => number;
  journalBudgetBytes?: number;
  onProgress?: (step: string) => void;
}

/**
 * The mock from a contract and a dataset in hand: the dataset becomes the shared, immutable base every
 * session's overlay reads through. Reads no file, so the in-process mock composes itself here in a browser
 * too; createDeps reads the spec and the data first (from disk, or by generating it).
 */
export function composeDeps(contract: Contract, dataset: Dataset, options: ComposeOptions = {}): MockDeps {
  const progress = options.onProgress;
  const sessions = new SessionRegistry({
    base: new BaseData(dataset, {
      freeze: options.freezeRecords,
      ...(progress ? { onProgress: (n: number) => progress(`${n.toLocaleString('en')} groups indexed`) } : {}),
    }),
    createSession: sessionFactory(contract, new JournalBudget(options.journalBudgetBytes)),
    clock: options.clock ?? createRunningClock(),
    rng: createRng(dataset.seed).fork('mock'),
    faults: options.faults,
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.sessionIdleMinutes !== undefined ? { idleMs: options.sessionIdleMinutes * 60_000 } : {}),
    freeze: options.freezeRecords,
    ...(options.wallClock ? { now: options.wallClock } : {}),
  });
  return { contract, sessions };
}
