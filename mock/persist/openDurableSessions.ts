import type { SessionRegistry, SessionShape } from '../sessions/SessionRegistry.ts';
import { Durability, type DurableIo } from './Durability.ts';
import { DEFAULT_SESSION } from './LogEntry.ts';
import type { DurableStart } from './readStateFile.ts';
import { replayLog } from './replayLog.ts';
import { restoreSession, type SeedSource, type SessionExtras } from './SessionSnapshot.ts';

/**
 * --state-file over every session: each session of the snapshot is put back (its base, then its writes) and the
 * log is replayed into the session each entry names (the registry's shared base was made from `seed`, which
 * the snapshot recorded: readStateFile);
 * from then on every write the registry accepts is recorded for the log and made durable before its answer
 * (the lifecycle's commit stage, commitBeforeAnswer); a reset, an import or a dropped session asks for a snapshot instead. A fresh
 * snapshot is written at once, which also proves the path is writable.
 */
export function openDurableSessions<S extends SessionShape>(
  file: string,
  start: DurableStart,
  sessions: SessionRegistry<S>,
  options: { seed: SeedSource; io?: DurableIo; compactBytes?: number; log?: (line: string) => void; extras?: SessionExtras },
): Durability {
  for (const [name, saved] of start.state.sessions) {
    if (saved.extras) options.extras?.restore(name, saved.extras);
    // The default session of a fresh base needs nothing: it is the base.
    if (name === DEFAULT_SESSION && saved.base === 'seed' && saved.writes.length === 0) continue;
    restoreSession(sessions.store(name), saved);
  }
  replayLog(start.state.entries, (name) => sessions.store(name));
  const durability = new Durability({
    file,
    sessions: () => sessions.names().map((name) => [name, sessions.store(name)] as [string, ReturnType<SessionRegistry<S>['store']>]),
    storeFor: (name) => sessions.store(name),
    lastSeq: start.state.lastSeq,
    validLogBytes: start.state.validLogBytes,
    ...options,
  });
  sessions.subscribe({
    write(session, write) {
      if (durability.restoring) return;
      if (write.op === 'reset' || write.op === 'load') durability.wantSnapshot();
      else durability.record(session, write);
    },
    dropped() {
      durability.wantSnapshot();
    },
  });
  durability.compact();
  return durability;
}
