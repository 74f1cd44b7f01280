import type { SessionHead } from './ReplicaDatabase.ts';

/**
 * How old the proof behind a read answered from memory may be (ms), and how long a write's answer waits after
 * its commit: the same bound on both sides is what makes read-your-writes hold across replicas (see below).
 */
export const FRESH_MS = 20;
/** A new fence this often (ms) while requests come in, whether or not the last one is back. */
const FENCE_EVERY_MS = 8;
/** Fences in flight at most: a database that stopped answering is not flooded. */
const MAX_IN_FLIGHT = 8;
/** No request for this long: fences stop until the next one (an idle replica sends none). */
const IDLE_MS = 1000;
/** A request waits this long at most for a fence late enough for it, then reads the head in the database. */
const PATIENCE_MS = 100;

/**
 * What this replica can prove it has seen of the sessions' commits, without asking the database per request.
 *
 * PostgreSQL delivers the notifications of committed transactions to each listening connection in commit
 * order (one queue; NOTIFY docs: "notifications from different transactions are delivered in the order in
 * which the transactions committed"). Every commit of a session's log notifies (session, generation, seq), and
 * the replica's own listening connection notifies itself a *fence* every few ms while requests come in. When
 * the fence sent at local instant S comes back, every commit finished before S has been delivered and noted.
 *
 * A write's answer leaves at least FRESH_MS after its commit finished; a read that arrives at T is answered from
 * memory only if a fence sent at S >= T - FRESH_MS came back. So S >= T - FRESH_MS >= (commit) and the read sees
 * every write acknowledged before it was sent, on any replica. Only durations on each machine's monotonic clock
 * are compared, never one machine's time with another's. Otherwise (no fresh fence within PATIENCE_MS, a session
 * not verified since the listening connection was made, the connection down) the request reads the head.
 */
export class SeenCommits {
  private up = false;
  /** Bumped whenever the listening connection is (re)made or lost: heads verified before are void. */
  private epoch = 0;
  private provenAt = Number.NEGATIVE_INFINITY;
  private readonly fences = new Map<number, number>();
  private nextFence = 1;
  private lastDemand = Number.NEGATIVE_INFINITY;
  private ticker: NodeJS.Timeout | undefined;
  private readonly heads = new Map<string, SessionHead>();
  /** Requests waiting for a fence sent late enough for them, oldest first. */
  private waiters: { since: number; waitingAt: number; done: (proven: boolean) => void }[] = [];

  constructor(
    private readonly now: () => number,
    private readonly sendFence: (id: number) => void,
  ) {}

  /** The listening connection was made (LISTEN done) or lost. */
  listening(up: boolean): void {
    this.epoch++;
    this.up = up;
    this.provenAt = Number.NEGATIVE_INFINITY;
    this.fences.clear();
    this.heads.clear();
    this.release(() => false);
    if (up && this.now() - this.lastDemand < IDLE_MS) this.tick();
  }

  /** A commit of a session's log, as its notification told it. */
  noticed(session: string, head: SessionHead): void {
    // A session not verified on this connection is left alone: its first request reads the head.
    if (this.heads.has(session)) this.merge(session, head);
  }

  dropped(session: string): void {
    this.heads.delete(session);
  }

  /** The epoch a head read is started in, or undefined when nothing can be verified (not listening). */
  verifying(): number | undefined {
    return this.up ? this.epoch : undefined;
  }

  /** A head read from the database, started in `epoch` after LISTEN: from now on notifications keep it. */
  verified(session: string, head: SessionHead, epoch: number | undefined): void {
    if (epoch === this.epoch && this.up) this.merge(session, head);
  }

  /** A fence this connection sent came back: every commit before it was sent has been noticed. */
  fenceBack(id: number): void {
    const sentAt = this.fences.get(id);
    if (sentAt === undefined) return;
    for (const other of this.fences.keys()) if (other <= id) this.fences.delete(other);
    this.provenAt = Math.max(this.provenAt, sentAt);
    if (this.waiters.length > 0) this.release((since) => since <= this.provenAt);
  }

  /**
   * The session's head if this replica can prove it includes every write acknowledged before `arrivedAt`
   * (a local instant); undefined when it cannot yet. Keeps the fences going while requests come.
   */
  provenHead(session: string, arrivedAt: number): SessionHead | undefined {
    this.lastDemand = arrivedAt;
    if (!this.ticker && this.up) this.tick();
    if (!this.up || this.provenAt < arrivedAt - FRESH_MS) return undefined;
    return this.heads.get(session);
  }

  /**
   * For a known session `provenHead` could not answer yet: resolves true once a fence late enough came back
   * (one is on its way: cheaper than a query of the request's own), false when the session is unknown, the
   * connection is lost or none came within PATIENCE_MS.
   */
  awaitProof(session: string, arrivedAt: number): Promise<boolean> {
    if (!this.up || !this.heads.has(session)) return Promise.resolve(false);
    const since = arrivedAt - FRESH_MS;
    if (this.provenAt >= since) return Promise.resolve(true);
    return new Promise((done) => this.waiters.push({ since, waitingAt: this.now(), done }));
  }

  stop(): void {
    if (this.ticker) clearTimeout(this.ticker);
    this.ticker = undefined;
    this.up = false;
    this.release(() => false);
  }

  private merge(session: string, head: SessionHead): void {
    const known = this.heads.get(session);
    // Generations come from one sequence: a greater one is the session made again.
    if (!known || Number(head.generation) > Number(known.generation)) this.heads.set(session, { ...head });
    else if (head.generation === known.generation && head.head > known.head) known.head = head.head;
  }

  /** Resolves the waiters `proven` says are proven (and, disconnected, every one with false). */
  private release(proven: (since: number) => boolean): void {
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      const ok = this.up && proven(w.since);
      if (ok || !this.up) w.done(ok);
      else still.push(w);
    }
    this.waiters = still;
  }

  /** One beat: a fence out, waiters past their patience sent to the database, the next beat while in use. */
  private tick(): void {
    this.ticker = undefined;
    if (!this.up) return;
    const now = this.now();
    if (this.waiters.length > 0 && now - (this.waiters[0]?.waitingAt ?? now) > PATIENCE_MS) {
      const late = this.waiters.filter((w) => now - w.waitingAt > PATIENCE_MS);
      this.waiters = this.waiters.filter((w) => now - w.waitingAt <= PATIENCE_MS);
      for (const w of late) w.done(false);
    }
    if (now - this.lastDemand >= IDLE_MS && this.waiters.length === 0) return;
    if (this.fences.size < MAX_IN_FLIGHT) {
      const id = this.nextFence++;
      this.fences.set(id, now);
      this.sendFence(id);
    } else {
      // None came back for a while: the oldest is taken as lost, so fences go on once the database answers.
      const oldest = this.fences.keys().next().value;
      if (oldest !== undefined) this.fences.delete(oldest);
    }
    this.ticker = setTimeout(() => this.tick(), FENCE_EVERY_MS);
    this.ticker.unref?.();
  }
}
