import type { ReplicaDatabase, SessionHead } from './ReplicaDatabase.ts';

/**
 * Reads session heads, one indexed read per request, but the requests that arrive in the same turn of the
 * event loop share one query: under load a replica asks the database once per batch, not once per request.
 */
export class HeadReader {
  private waiting = new Map<string, { resolve: (head: SessionHead | undefined) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;

  constructor(private readonly db: ReplicaDatabase) {}

  head(session: string): Promise<SessionHead | undefined> {
    return new Promise((resolve, reject) => {
      let list = this.waiting.get(session);
      if (!list) this.waiting.set(session, (list = []));
      list.push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    this.db.heads([...batch.keys()]).then(
      (heads) => {
        for (const [name, list] of batch) for (const w of list) w.resolve(heads.get(name));
      },
      (error: unknown) => {
        for (const list of batch.values()) for (const w of list) w.reject(error);
      },
    );
  }
}
