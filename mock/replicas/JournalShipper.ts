import type { Journal, JournalEntry } from '../controls/Journal.ts';
import type { ReplicaDatabase } from './ReplicaDatabase.ts';

type Fields = Omit<JournalEntry, 'seq'>;

/** How long a journal entry may wait to be sent with others; a journal read waits twice this for other replicas' entries. */
export const JOURNAL_BATCH_MS = 10;

/**
 * Sends every exchange a session's journal records to the database, a batch at a time just after the answers,
 * so any replica's journal read sees the exchanges every replica answered. Entries are built (bodies parsed and
 * masked) only when sent. An outage loses the journal entries of its moments, never an answer.
 */
export class JournalShipper {
  private queue: { session: string; raw: unknown; build: (raw: never) => Fields }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private readonly patched = new WeakSet<Journal>();

  constructor(
    private readonly db: ReplicaDatabase,
    private readonly log: (line: string) => void,
  ) {}

  /** Makes a session's journal ship what it records (once per journal). */
  attach(journal: Journal, session: string): void {
    if (this.patched.has(journal)) return;
    this.patched.add(journal);
    const recordLazy = journal.recordLazy.bind(journal);
    journal.recordLazy = <T>(raw: T, build: (raw: T) => Fields): void => {
      recordLazy(raw, build);
      this.queue.push({ session, raw, build: build as (raw: never) => Fields });
      this.timer ??= setTimeout(() => void this.flush(), JOURNAL_BATCH_MS);
    };
  }

  /** Sends what is queued now; resolves once everything queued so far is in the database (or was given up). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.sending = this.sending.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.db.appendJournal(batch.map((q) => ({ session: q.session, entry: JSON.stringify((q.build as (raw: unknown) => Fields)(q.raw)) })));
      } catch (error) {
        this.log(`mock: ${batch.length} journal entries were not kept: ${(error as Error).message}`);
      }
    });
    return this.sending;
  }
}
