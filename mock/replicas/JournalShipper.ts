import { randomBytes } from 'node:crypto';
import type { Journal } from '../journal/Journal.ts';
import { entryFromExchange, type Exchange } from '../journal/entryFromExchange.ts';
import type { ReplicaDatabase } from './ReplicaDatabase.ts';

/** Entries a replica keeps unsent at most (five sessions' journals in full); the oldest go first. */
const MAX_UNSENT = 5_000;

interface Unsent {
  session: string;
  exchange: Exchange | undefined;
}
/** How long a journal read waits for the other replicas' entries. */
export const GATHER_TIMEOUT_MS = 1000;

/**
 * The journal shared by replicas, gathered when read: recording an exchange costs what it costs one mock (the
 * entry is kept, not built), and a journal read on any replica asks every live replica (LISTEN/NOTIFY) to build
 * and send what it recorded, then waits until each has (or a second has passed). A replica killed before a
 * journal read takes its unsent entries with it: the journal is a record for people, not state.
 */
export class JournalShipper {
  readonly replica = randomBytes(8).toString('hex');
  /**
   * A ring of reused slots, as the in-memory journal keeps its own: recording allocates nothing, so a busy
   * replica's reads do not pay for a garbage collector walking thousands of kept entries.
   */
  private readonly ring: Unsent[] = [];
  private start = 0;
  private length = 0;
  private sending: Promise<void> = Promise.resolve();
  private readonly followed = new WeakSet<Journal>();
  private readonly waiting = new Map<string, { pending: Set<string>; done: () => void }>();

  constructor(
    private readonly db: ReplicaDatabase,
    private readonly log: (line: string) => void,
  ) {}

  /** Keeps what a session's journal records for sending too (once per journal), through its listener hook. */
  attach(journal: Journal, session: string): void {
    if (this.followed.has(journal)) return;
    this.followed.add(journal);
    journal.subscribe((exchange) => this.keep(session, exchange));
  }

  private keep(session: string, exchange: Exchange): void {
    let slot: Unsent | undefined;
    if (this.length < MAX_UNSENT) {
      const index = (this.start + this.length) % MAX_UNSENT;
      slot = this.ring[index];
      if (!slot) this.ring[index] = slot = { session, exchange };
      this.length++;
    } else {
      slot = this.ring[this.start] as Unsent;
      this.start = (this.start + 1) % MAX_UNSENT;
    }
    slot.session = session;
    slot.exchange = exchange;
  }

  /** Every live replica's entries in the database; resolves when each has sent them, or after the timeout. */
  async gather(): Promise<void> {
    const live = new Set(await this.db.liveReplicas());
    live.add(this.replica);
    const request = randomBytes(8).toString('hex');
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(request);
        resolve();
      }, GATHER_TIMEOUT_MS);
      this.waiting.set(request, {
        pending: live,
        done: () => {
          clearTimeout(timer);
          this.waiting.delete(request);
          resolve();
        },
      });
    });
    await this.db.notify({ journalWanted: request });
    await done;
  }

  /** A journal read somewhere asked for the entries: send them, then say so. */
  onWanted(request: string): void {
    this.flush()
      .then(() => this.db.notify({ journalSent: request, replica: this.replica }))
      .catch(() => undefined);
  }

  onSent(request: string, replica: string): void {
    const wait = this.waiting.get(request);
    if (!wait) return;
    wait.pending.delete(replica);
    if (wait.pending.size === 0) wait.done();
  }

  /** Sends what is kept now; resolves once it is in the database (or was given up). */
  flush(): Promise<void> {
    // Built now (the exchanges are the requests' own), the slots freed for reuse.
    const batch: { session: string; entry: string }[] = [];
    for (let i = 0; i < this.length; i++) {
      const slot = this.ring[(this.start + i) % MAX_UNSENT] as Unsent;
      batch.push({ session: slot.session, entry: JSON.stringify(entryFromExchange(slot.exchange as Exchange)) });
      slot.exchange = undefined;
    }
    this.start = 0;
    this.length = 0;
    this.sending = this.sending.then(async () => {
      for (let i = 0; i < batch.length; i += 500) {
        const part = batch.slice(i, i + 500);
        try {
          await this.db.appendJournal(part);
        } catch (error) {
          this.log(`mock: ${part.length} journal entries were not kept: ${(error as Error).message}`);
        }
      }
    });
    return this.sending;
  }
}
