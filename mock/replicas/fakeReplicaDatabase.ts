import type { StoreWrite } from '../store/StoreWrite.ts';
import { type ChangeToCommit, LOG_PAGE, type LoggedChange, type Notice, type ReplicaDatabase, type SessionHead, type SessionWrite } from './ReplicaDatabase.ts';

interface FakeSession {
  generation: string;
  log: LoggedChange[];
  /** Where a rebuild starts (the last reset or import) and the last import as the seed, as in PostgreSQL. */
  base: number;
  seedEntry: number;
  /** The session's write lock: each writer waits for the one before it. */
  lock: Promise<void>;
}

/**
 * A ReplicaDatabase in memory, for tests of the front door without PostgreSQL: commits notify every listener
 * after they are done (as NOTIFY does), fences come back on the next turn, and a test can make the next commit
 * fail or hold it until it says so.
 */
export function fakeReplicaDatabase() {
  const fresh = (generation: string): FakeSession => ({ generation, log: [], base: 0, seedEntry: 0, lock: Promise.resolve() });
  const sessions = new Map<string, FakeSession>([['default', fresh('1')]]);
  let generations = 1;
  const listeners = new Set<(notice: Notice) => void>();
  const control = {
    /** The next commit throws after the handler ran (a lost connection, a refused key). */
    failNextCommit: false,
    /** When set, a commit waits for it before it is done. */
    holdCommit: undefined as Promise<void> | undefined,
    /** When set, every read of heads and every write's begin waits for it (a stalled database). */
    stall: undefined as Promise<void> | undefined,
    /** Log entries read by changesAfter, in total. */
    entriesRead: 0,
    /** Writes begun (the session's lock taken), commits asked for, commits done, rollbacks. */
    begun: 0,
    committing: 0,
    commits: 0,
    rollbacks: 0,
  };
  const tell = (notice: Notice): void => {
    for (const l of listeners) setImmediate(() => l(notice));
  };
  const headOf = (s: FakeSession): SessionHead => ({ generation: s.generation, head: s.log.at(-1)?.seq ?? 0 });
  // As the SQL of pgReplicaDatabase.ts: a page of entries after seq, from the base on (and the seed entry).
  const after = (name: string, seq: number): LoggedChange[] => {
    const s = sessions.get(name);
    const page = (s?.log ?? []).filter((c) => c.seq > seq && (c.seq >= (s?.base ?? 0) || c.seq === s?.seedEntry)).slice(0, LOG_PAGE);
    control.entriesRead += page.length;
    return page;
  };

  const db: ReplicaDatabase = {
    async heads(names) {
      if (control.stall) await control.stall;
      const found = new Map<string, SessionHead>();
      for (const name of names) {
        const s = sessions.get(name);
        if (s) found.set(name, headOf(s));
      }
      return found;
    },
    changesAfter: async (name, seq) => after(name, seq),
    async createSession(name) {
      if (sessions.has(name)) return 'exists';
      sessions.set(name, fresh(String(++generations)));
      return 'created';
    },
    sessionNames: async () => [...sessions.keys()],
    touch: async () => undefined,
    async beginWrite(name) {
      if (control.stall) await control.stall;
      const s = sessions.get(name);
      if (!s) throw new Error(`no session ${name}`);
      let unlock: () => void = () => undefined;
      const previous = s.lock;
      s.lock = new Promise((resolve) => (unlock = resolve));
      await previous;
      control.begun++;
      const head = headOf(s);
      let open = true;
      const end = (): void => {
        open = false;
        unlock();
      };
      const write: SessionWrite = {
        head,
        changesAfter: async (seq) => after(name, seq),
        async commit(change: ChangeToCommit) {
          if (!open) throw new Error('the write is over');
          control.committing++;
          if (control.holdCommit) await control.holdCommit;
          if (control.failNextCommit) {
            control.failNextCommit = false;
            end();
            throw new Error('connection terminated unexpectedly');
          }
          const seq = head.head + 1;
          s.log.push({ seq, writes: JSON.parse(`[${change.writes.join(',')}]`) as StoreWrite[], side: change.side ?? null });
          if (change.supersedes) s.base = seq;
          if (change.supersedes === 'seed') s.seedEntry = seq;
          control.commits++;
          end();
          tell({ session: name, generation: s.generation, seq });
          return seq;
        },
        async rollback() {
          if (!open) return;
          control.rollbacks++;
          end();
        },
      };
      return write;
    },
    appendJournal: async () => undefined,
    readJournal: async () => [],
    clearJournal: async () => undefined,
    heartbeat: async () => undefined,
    liveReplicas: async () => [],
    async compact() {
      let deleted = 0;
      for (const s of sessions.values()) {
        const kept = s.log.filter((c) => c.seq >= s.base || c.seq === s.seedEntry);
        deleted += s.log.length - kept.length;
        s.log = kept;
      }
      return deleted;
    },
    // Told to every listener, this replica's own included, as NOTIFY does: a journal read is answered at once.
    notify: async (notice) => tell(notice),
    listen(onNotice) {
      listeners.add(onNotice);
      setImmediate(() => onNotice({ listening: true }));
      return {
        stop: () => void listeners.delete(onNotice),
        fence: (id) => void setImmediate(() => onNotice({ fence: id })),
      };
    },
    close: async () => undefined,
  };
  return { db, control, sessions };
}
