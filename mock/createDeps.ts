import { readDefaultDataset } from '../fixtures/defaultDataset.ts';
import { generateDataset } from '../fixtures/generateDataset.ts';
import { loadContract } from '../spec/contract.ts';
import type { Clock } from './clock.ts';
import { composeDeps, DEFAULT_SEED, type MockDeps } from './composeDeps.ts';

export { DEFAULT_SEED };
import type { Dataset } from '../fixtures/records.ts';

export interface DepsOptions {
  /** The OpenAPI file (default spec/openapi.yaml); `npm run dev` may serve the last good copy of it. */
  specFile?: string;
  seed?: number;
  size?: 'default' | 'large';
  /** Extra generated groups in the first community (--groups N). */
  groups?: number;
  /** Told each step of generating and indexing the data as it starts (a progress line for large data). */
  onProgress?: (step: string) => void;
  /** Start from this state instead of generating one (import, --state-file). */
  dataset?: Dataset;
  clock?: Clock;
  faults?: Iterable<string>;
  /** Named sessions at most (--max-sessions). */
  maxSessions?: number;
  /** Minutes after which an unused named session is dropped (--session-idle-minutes). */
  sessionIdleMinutes?: number;
  /** Deep-freeze every stored record, so a mutation anywhere throws (tests). */
  freezeRecords?: boolean;
  /** Wall clock for the session registry (tests of idle eviction). */
  wallClock?: () => number;
  /**
   * When the spec's validators compile (spec/contract.ts): `eager` (the default) before this returns; `lazy`
   * on first use, for a server that calls `contract.warmUp()` once it listens (mock/server.ts).
   */
  compile?: 'eager' | 'lazy';
  /** Bytes all sessions' journals hold together at most (JournalBudget; 64 MiB by default). */
  journalBudgetBytes?: number;
}

export type { MockDeps } from './composeDeps.ts';

/**
 * Everything createApp needs, from a seed: the one place that decides the defaults. The dataset becomes the
 * shared, immutable base every session's overlay reads through.
 */
export function createDeps(options: DepsOptions = {}): MockDeps {
  const seed = options.dataset?.seed ?? options.seed ?? DEFAULT_SEED;
  const progress = options.onProgress;
  const size = options.size ?? 'default';
  // The default seed's data is committed (fixtures/defaultDataset.ts): read, not generated, while current.
  const committed = !options.dataset && size === 'default' && !options.groups ? readDefaultDataset(seed) : undefined;
  const dataset =
    options.dataset ??
    committed ??
    generateDataset({ seed, size, ...(options.groups ? { groups: options.groups } : {}), ...(progress ? { onProgress: progress } : {}) });
  progress?.(
    `indexing ${(dataset.groups.length + (dataset.groupRows?.length ?? 0)).toLocaleString('en')} groups and ${dataset.users.length.toLocaleString('en')} users`,
  );
  const contract = loadContract(options.specFile, { compile: options.compile ?? 'eager' });
  return composeDeps(contract, dataset, options);
}
