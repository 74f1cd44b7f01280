import { generateDataset } from '../fixtures/generateDataset.ts';
import { createRng } from '../fixtures/rng.ts';
import { loadContract } from '../spec/contract.ts';
import { type Clock, createRunningClock } from './clock.ts';
import type { AppDeps } from './http/OperationHandler.ts';
import type { Dataset } from './store/records.ts';
import { createMemoryStore } from './store/createMemoryStore.ts';

export interface DepsOptions {
  seed?: number;
  size?: 'default' | 'large';
  /** Start from this state instead of generating one (import, --state-file). */
  dataset?: Dataset;
  clock?: Clock;
  faults?: Iterable<string>;
  /** Told each step of generating and indexing the data as it starts. */
  onProgress?: (step: string) => void;
}

export const DEFAULT_SEED = 1;

/** Everything createApp needs, from a seed: the one place that decides the defaults. */
export function createDeps(options: DepsOptions = {}): AppDeps {
  const seed = options.dataset?.seed ?? options.seed ?? DEFAULT_SEED;
  const dataset = options.dataset ?? generateDataset({ seed, size: options.size ?? 'default', onProgress: options.onProgress });
  options.onProgress?.(`indexing ${dataset.groups.length.toLocaleString('en')} groups and ${dataset.users.length.toLocaleString('en')} users`);
  const store = createMemoryStore(dataset);
  return {
    store,
    clock: options.clock ?? createRunningClock(),
    rng: createRng(seed).fork('mock'),
    contract: loadContract(),
    faults: new Set(options.faults ?? []),
  };
}
