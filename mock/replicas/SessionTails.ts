import { createRng } from '../../fixtures/rng.ts';
import type { Session } from '../sessions/Session.ts';
import { DEFAULT_SESSION, type SessionRegistry } from '../sessions/SessionRegistry.ts';
import { applyWrite } from '../store/StoreWrite.ts';
import { LOG_PAGE, type LoggedChange, type SessionHead } from './ReplicaDatabase.ts';
import { applySide, captureSide, type SideState } from './SideState.ts';

/** How far this replica applied one session's log; `chain` runs its catch-ups and writes one at a time. */
interface Tail {
  generation: string | undefined;
  applied: number;
  chain: Promise<unknown>;
  touchedAt: number;
}

/**
 * This replica's copy of every session: the in-memory overlay each request reads, kept at the session's latest
 * committed log position. A session made again elsewhere (another generation) is rebuilt from its whole log.
 */
export class SessionTails {
  private readonly tails = new Map<string, Tail>();
  /** True while applying the log: what the store reports then is not a new write. */
  replaying = false;
  private readonly defaultSide: SideState;

  constructor(
    private readonly sessions: SessionRegistry<Session>,
    private readonly seed: number,
  ) {
    this.defaultSide = captureSide(this.depsOf(DEFAULT_SESSION));
  }

  tail(session: string): Tail {
    let tail = this.tails.get(session);
    if (!tail) this.tails.set(session, (tail = { generation: undefined, applied: 0, chain: Promise.resolve(), touchedAt: 0 }));
    return tail;
  }

  /** True when the session is at `head` already: the request can go on at once. */
  current(session: string, head: SessionHead): boolean {
    const tail = this.tails.get(session);
    return tail !== undefined && tail.generation === head.generation && tail.applied >= head.head;
  }

  /** Runs `work` after every catch-up and write of this session queued before it, on this replica. */
  exclusive<T>(session: string, work: () => Promise<T>): Promise<T> {
    const tail = this.tail(session);
    const run = tail.chain.then(work, work);
    tail.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * Applies the log up to `head` (inside `exclusive`); `changesAfter` reads it a page at a time, in or out of a
   * write's transaction. From 0 it starts at the session's last reset or import (ReplicaDatabase.changesAfter).
   */
  async catchUp(session: string, head: SessionHead, changesAfter: (seq: number) => Promise<LoggedChange[]>): Promise<void> {
    const tail = this.tail(session);
    if (tail.generation !== head.generation) {
      this.rebuild(session);
      tail.generation = head.generation;
      tail.applied = 0;
    }
    // A page at a time: a long log is never held in memory whole, only the page being applied.
    while (tail.applied < head.head) {
      const changes = await changesAfter(tail.applied);
      const deps = this.depsOf(session);
      this.replaying = true;
      try {
        for (const change of changes) {
          for (const write of change.writes) applyWrite(this.sessions.store(session), write);
          if (change.side) applySide(deps, change.side);
          tail.applied = change.seq;
        }
      } finally {
        this.replaying = false;
      }
      if (changes.length < LOG_PAGE) return;
    }
  }

  /** The next change of a session will be `seq`: set before it commits, so its own notice is not applied again. */
  committing(session: string, seq: number): void {
    this.tail(session).applied = seq;
  }

  /** After a failed commit the overlay may hold writes the database refused: the next request rebuilds it. */
  invalidate(session: string): void {
    this.tail(session).generation = undefined;
  }

  /** The session was deleted (here or on another replica). */
  forget(session: string): void {
    this.tails.delete(session);
  }

  /**
   * Random draws of a write come from the session's log position, not from how many draws this replica made:
   * two replicas never hand out the same new id or code, and a run stays reproducible.
   */
  seedWrite(session: string, head: SessionHead): void {
    const deps = this.depsOf(session);
    const rng = createRng(this.seed).fork(`replica:${session}:${head.generation}:${head.head}`);
    deps.rng = rng;
    (deps.oauth as { rng: typeof rng }).rng = rng.fork('oauth');
  }

  /** Whether the session was marked used in the database in the last minute. */
  touchDue(session: string, now: number): boolean {
    const tail = this.tail(session);
    if (now - tail.touchedAt < 60_000) return false;
    tail.touchedAt = now;
    return true;
  }

  depsOf(session: string): Session {
    this.sessions.store(session);
    return this.sessions.find(session) as Session;
  }

  /** Back to the seeded base: the default session is reset, a named one made anew. */
  private rebuild(session: string): void {
    this.replaying = true;
    try {
      if (session === DEFAULT_SESSION) {
        this.sessions.store(session).reset();
        applySide(this.depsOf(DEFAULT_SESSION), this.defaultSide);
      } else {
        this.sessions.delete(session);
        this.sessions.store(session);
      }
    } finally {
      this.replaying = false;
    }
  }
}
