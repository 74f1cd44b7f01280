import type { ReplicaDatabase, SessionHead } from './ReplicaDatabase.ts';

/**
 * Reads session heads, one indexed read per request, but shared: at most one query is in flight, and the
 * requests that arrive while it is share the next one. Under load a replica asks the database once per round
 * trip, not once per request; alone, a request waits for exactly one round trip as before.
 */
export class HeadReader {
  private waiting = new Map<string, { resolve: (head: SessionHead | undefined) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;
  private inFlight = false;

  constructor(private readonly db: ReplicaDatabase) {}

  head(session: string): Promise<SessionHead | undefined> {
    return new Promise((resolve, reject) => {
      let list = this.waiting.get(session);
      if (!list) this.waiting.set(session, (list = []));
      list.push({ resolve, reject });
      if (!this.scheduled && !this.inFlight) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    this.inFlight = true;
    const next = (): void => {
      this.inFlight = false;
      if (this.waiting.size > 0 && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    };
    this.db.heads([...batch.keys()]).then(
      (heads) => {
        next();
        for (const [name, list] of batch) for (const w of list) w.resolve(heads.get(name));
      },
      (error: unknown) => {
        next();
        for (const list of batch.values()) for (const w of list) w.reject(error);
      },
    );
  }
}
