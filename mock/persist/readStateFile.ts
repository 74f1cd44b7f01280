import type { Dataset } from '../store/records.ts';
import { DEFAULT_SESSION } from './LogEntry.ts';
import { type DurableState, readDurableState } from './readDurableState.ts';

export interface DurableStart {
  state: DurableState;
  /** The default session's dataset in the snapshot, if any: the shared base starts from it. */
  dataset?: Dataset;
}

/** Step 1 of --state-file: read the snapshot and log (throws StateFileError naming the file and where). Step 2 is openDurableSessions. */
export function readStateFile(file: string): DurableStart {
  const state = readDurableState(file);
  return { state, dataset: state.sessions.get(DEFAULT_SESSION) };
}
