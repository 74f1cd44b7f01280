import type { Dataset } from '../store/records.ts';
import type { Store } from '../store/Store.ts';
import { createDurableStore } from './createDurableStore.ts';
import { Durability, type DurableIo } from './Durability.ts';
import { DEFAULT_SESSION } from './LogEntry.ts';
import { type DurableState, readDurableState } from './readDurableState.ts';
import { replayLog } from './replayLog.ts';
import { StateFileError } from './StateFileError.ts';

export interface DurableStart {
  state: DurableState;
  /** The default session's dataset in the snapshot, if any: the store starts from it. */
  dataset?: Dataset;
}

/** Step 1 of --state-file: read the snapshot and log (throws StateFileError naming the file and where). */
export function readStateFile(file: string): DurableStart {
  const state = readDurableState(file);
  return { state, dataset: state.sessions.get(DEFAULT_SESSION) };
}

/**
 * Step 2: replay the log over the store created from the snapshot, write a fresh snapshot at once (which
 * proves the path is writable: a folder that does not exist or a read-only file stops the start, naming the
 * path), and hand back the store to use, whose every write is logged. Only the default session for now; a
 * session store factory plugs in through `sessions` and `storeFor`.
 */
export function openDurableStore(file: string, start: DurableStart, inner: Store, options: { io?: DurableIo; compactBytes?: number; log?: (line: string) => void } = {}): { store: Store; durability: Durability } {
  const storeFor = (session: string): Store => {
    if (session === DEFAULT_SESSION) return inner;
    throw new StateFileError(`${file}: the log holds writes of session "${session}", which this server cannot restore.`);
  };
  replayLog(start.state.entries, storeFor);
  const durability = new Durability({
    file,
    sessions: () => [[DEFAULT_SESSION, inner]],
    storeFor,
    lastSeq: start.state.lastSeq,
    validLogBytes: start.state.validLogBytes,
    ...options,
  });
  durability.compact();
  return { store: createDurableStore(inner, DEFAULT_SESSION, durability), durability };
}
