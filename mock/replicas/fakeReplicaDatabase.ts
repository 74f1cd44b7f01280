import type { StoreWrite } from '../store/StoreWrite.ts';
import type { ChangeToCommit, LoggedChange, Notice, ReplicaDatabase, SessionHead, SessionWrite } from './ReplicaDatabase.ts';

interface FakeSession {
  generation: string;
  log: LoggedChange[];
  /** The session's write lock: each writer waits for the one before it. */
  lock: Promise<void>;
}

/**
 * A ReplicaDatabase in memory, for tests of the front door without PostgreSQL: commits notify every listener
 * after they are done (as NOTIFY does), fences come back on the next turn, and a test can make the next commit
 * fail or hold it until it says so.
 */
export function fakeReplicaDatabase() {
  const sessions = new Map<string, FakeSession>([['default', { generation: '1', log: [], lock: Promise.resolve() }]]);
  let generations = 1;
  const listeners = new Set<(notice: Notice) => void>();
  const control = {
    /** The next commit throws after the handler ran (a lost connection, a refused key). */
    failNextCommit: false,
    /** When set, a commit waits for it before it is done. */
    holdCommit: undefined as Promise<void> | undefined,
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
  const after = (name: string, seq: number): LoggedChange[] => (sessions.get(name)?.log ?? []).filter((c) => c.seq > seq);

  const db: ReplicaDatabase = {
    async heads(names) {
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
      sessions.set(name, { generation: String(++generations), log: [], lock: Promise.resolve() });
      return 'created';
    },
    sessionNames: async () => [...sessions.keys()],
    touch: async () => undefined,
    async beginWrite(name) {
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
    notify: async () => undefined,
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
