import type { SessionExtras } from './SessionSnapshot.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';

/**
 * `--state-file` keeps every session's stubs in its snapshot, beside the session's writes (docs/stubs.md): a
 * stub added, changed or removed asks for a new snapshot before the control's answer leaves (so it survives
 * `kill -9` as a write does); the counts of the requests stubs answered ride along with every snapshot (each
 * compaction, and the clean stop), not one fsync per stubbed request.
 */
export function stubsInStateFile(sessions: SessionRegistry<Session>): SessionExtras {
  let seen = 0;
  // Each session's count of definitions only grows while it lives; a dropped session asks for a snapshot itself.
  const definitions = (): number => {
    let n = 0;
    for (const name of sessions.names()) n += sessions.find(name)?.stubs.definitions ?? 0;
    return n;
  };
  return {
    save(name) {
      const stubs = sessions.find(name)?.stubs;
      return stubs && stubs.size > 0 ? { stubs: stubs.exportState() } : undefined;
    },
    restore(name, saved) {
      sessions.use(name).stubs.restoreState(saved?.stubs as Parameters<Session['stubs']['restoreState']>[0]);
      seen = definitions();
    },
    changed() {
      const now = definitions();
      if (now === seen) return false;
      seen = now;
      return true;
    },
  };
}
