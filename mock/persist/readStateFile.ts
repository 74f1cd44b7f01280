import type { Dataset } from '../../fixtures/records.ts';
import { type DurableState, readDurableState } from './readDurableState.ts';
import type { GenerateParams } from './SessionSnapshot.ts';

export interface DurableStart {
  state: DurableState;
  /** The dataset the shared base starts from, when the snapshot holds one (an export, or a version 1 snapshot). */
  dataset?: Dataset;
  /** Else the generator's options the snapshot was made with: the base is generated again from them. */
  generate?: GenerateParams;
}

/** Step 1 of --state-file: read the snapshot and log (throws StateFileError naming the file and where). Step 2 is openDurableSessions. */
export function readStateFile(file: string): DurableStart {
  const state = readDurableState(file);
  const seed = state.seed;
  return { state, ...(seed && 'dataset' in seed ? { dataset: seed.dataset } : {}), ...(seed && 'generate' in seed ? { generate: seed.generate } : {}) };
}
