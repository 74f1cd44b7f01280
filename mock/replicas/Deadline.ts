/** A request waited for the database longer than its bound (--database-timeout-ms): answered 503, nothing changed. */
export class DatabaseTimeout extends Error {
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
    this.name = 'DatabaseTimeout';
  }
}

/**
 * The bound on what a request waits for before the mock may run it: its session's queue on this replica, the
 * pool, the session's lock and the catch-up. Each query has its own timeout, but a request behind others (a
 * write queued behind writes of its session, all stalled) would wait for each in turn; this bounds the whole.
 * Once the mock runs (`cancel`), the commit's own query timeouts bound the rest.
 */
export class Deadline {
  expired = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly expiry: Promise<never>;

  constructor(readonly ms: number) {
    this.expiry = new Promise<never>((_, reject) => {
      this.timer = setTimeout(() => {
        this.expired = true;
        reject(new DatabaseTimeout(ms));
      }, ms);
    });
    // Nobody may be racing yet when it fires.
    this.expiry.catch(() => undefined);
  }

  /** `work`, or a DatabaseTimeout when the deadline comes first (`work` goes on, its outcome ignored). */
  race<T>(work: Promise<T>): Promise<T> {
    work.catch(() => undefined);
    return Promise.race([work, this.expiry]);
  }

  /** Throws if the deadline passed: work that waited too long stops before it changes anything. */
  check(): void {
    if (this.expired) throw new DatabaseTimeout(this.ms);
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}
