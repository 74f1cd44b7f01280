import type { Store } from '../store/Store.ts';
import { applyWrite } from '../store/StoreWrite.ts';
import type { LogEntry } from './LogEntry.ts';

/**
 * Applies log entries, in order, to the store of the session each names. Generic over sessions: `storeFor`
 * returns (or creates) the undecorated store of a session, so replay never logs again.
 */
export function replayLog(entries: Iterable<LogEntry>, storeFor: (session: string) => Store): void {
  for (const entry of entries) {
    const store = storeFor(entry.session);
    for (const write of entry.writes) applyWrite(store, write);
  }
}
