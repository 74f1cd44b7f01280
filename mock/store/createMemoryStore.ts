import { BaseData, type BaseOptions } from './BaseData.ts';
import { OverlayStore, type OverlayStoreOptions } from './OverlayStore.ts';
import type { Dataset } from '../../fixtures/records.ts';

/**
 * The in-memory Store: `seed` indexed once as the shared base (its records are kept, not copied: the caller
 * hands them over), with an empty overlay for the writes. `reset()` comes back to it.
 */
export function createMemoryStore(seed: Dataset, options: BaseOptions & OverlayStoreOptions = {}): OverlayStore {
  return new OverlayStore(new BaseData(seed, options), options);
}
