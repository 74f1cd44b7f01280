import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createRunningClock } from '../clock.ts';
import type { Session } from '../sessions/Session.ts';
import { splitRequestUrl } from '../http/splitRequestUrl.ts';
import { DEFAULT_SESSION, type SessionRegistry } from '../sessions/SessionRegistry.ts';
import { isSessionName, namedSession } from '../sessions/sessionName.ts';
import type { StoreWrite } from '../store/StoreWrite.ts';
import { answerProblem } from './answerProblem.ts';
import { DEFAULT_DATABASE_TIMEOUT_MS } from './databaseTimeouts.ts';
import { Deadline } from './Deadline.ts';
import { HeadReader } from './HeadReader.ts';
import { JournalShipper } from './JournalShipper.ts';
import { type ChangeToCommit, CommitOutcomeUnknown, type Listening, type ReplicaDatabase, type SessionHead } from './ReplicaDatabase.ts';
import { refillJournals } from './refillJournals.ts';
import { SessionTails } from './SessionTails.ts';
import { FRESH_MS, SeenCommits } from './SeenCommits.ts';
import { shareStubUse } from './shareStubUse.ts';
import { captureSide, newlyRedeemed, sameSide } from './SideState.ts';

export interface ReplicaGateOptions {
  db: ReplicaDatabase;
  /** The registry every session lives in (persistence, like the controls, sees it). */
  sessions: SessionRegistry<Session>;
  /** The data's seed: a write's random draws are forked from it and the session's log position. */
  seed: number;
  maxSessions: number;
  idleMs: number;
  log: (line: string) => void;
  /** A monotonic clock in ms (performance.now by default); only durations on it are compared. */
  monotonic?: () => number;
  /**
   * How long a request waits at most for the database before the mock runs it (its session's queue, the pool,
   * the session's lock, the catch-up): then 503 with Retry-After, nothing changed. Default 5 s.
   */
  timeoutMs?: number;
}

/** The store writes of one write request, and whether one of them replaced the whole store. */
interface Collected {
  writes: string[];
  supersedes: ChangeToCommit['supersedes'];
}

/** Requests that never touch a session: no database work for them. */
const STATIC = /^\/(?:docs|openapi\.(?:json|yaml)|favicon\.ico|__mock\/ui)(?:\/|$)/;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The front door of a replica: before the mock sees a request, its session is brought to its latest committed
 * position. A read goes on at once when this replica can prove, from the notifications it received, that it
 * has seen every write acknowledged before the read arrived (SeenCommits.ts); otherwise it reads the session's
 * head in the database first (one query shared by the requests of the same moment). A request that may
 * change the session takes the session's lock in the database, catches up under it, runs, and its answer
 * leaves only once its changes are committed, and FRESH_MS after. The database down: 503
 * `storage_unavailable`, and the next request tries again.
 */
export class ReplicaGate {
  private readonly tails: SessionTails;
  private readonly heads: HeadReader;
  readonly journal: JournalShipper;
  private readonly collecting = new Map<string, Collected>();
  private readonly wall = createRunningClock();
  private readonly seen: SeenCommits;
  private readonly monotonic: () => number;
  private listening: Listening | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private outage = false;
  private readonly timeoutMs: number;
  /** The session a write request runs in (under its lock): a stub it uses is committed with its own changes. */
  private readonly writing = new AsyncLocalStorage<string>();

  constructor(private readonly options: ReplicaGateOptions) {
    this.tails = new SessionTails(options.sessions, options.seed);
    this.heads = new HeadReader(options.db);
    this.journal = new JournalShipper(options.db, options.log);
    this.monotonic = options.monotonic ?? (() => performance.now());
    this.timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
    this.seen = new SeenCommits(this.monotonic, (id) => this.listening?.fence(id));
    options.sessions.subscribe({
      write: (session, write) => {
        if (this.tails.replaying) return;
        const into = this.collecting.get(session);
        if (into) {
          into.writes.push(JSON.stringify(write));
          into.supersedes = supersedes(write, into.supersedes);
        } else options.log(`mock: a ${write.op} of session ${session} outside a write request was not shared with the other replicas`);
      },
      dropped: (session) => {
        if (!this.tails.replaying) this.tails.forget(session);
      },
    });
  }

  /** Starts following the other replicas' commits (LISTEN/NOTIFY), so most requests find their session current. */
  start(): void {
    const beat = (): void => void this.options.db.heartbeat(this.journal.replica).catch(() => undefined);
    beat();
    this.heartbeat = setInterval(beat, 1000);
    this.heartbeat.unref();
    this.listening = this.options.db.listen((notice) => {
      if ('listening' in notice) {
        this.seen.listening(notice.listening);
        return;
      }
      if ('fence' in notice) {
        this.seen.fenceBack(notice.fence);
        return;
      }
      if ('journalWanted' in notice) {
        this.journal.onWanted(notice.journalWanted);
        return;
      }
      if ('journalSent' in notice) {
        this.journal.onSent(notice.journalSent, notice.replica);
        return;
      }
      if ('dropped' in notice) {
        this.seen.dropped(notice.dropped);
        this.tails.replaying = true;
        try {
          this.options.sessions.delete(notice.dropped);
        } finally {
          this.tails.replaying = false;
        }
        this.tails.forget(notice.dropped);
        return;
      }
      const head = { generation: notice.generation, head: notice.seq };
      this.seen.noticed(notice.session, head);
      // Applied now, so the session's next read finds it current; a session this replica never served waits.
      if (this.options.sessions.find(notice.session) === undefined || this.tails.current(notice.session, head)) return;
      this.catchUp(notice.session, head).catch(() => undefined);
    });
  }

  async stop(): Promise<void> {
    this.listening?.stop();
    this.seen.stop();
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.journal.flush();
  }

  /** Wraps the mock's own request listener. */
  listener(next: RequestListener): RequestListener {
    return (req, res) => {
      this.serve(req, res, next).catch((error: unknown) => this.unavailable(res, error));
    };
  }

  private async serve(req: IncomingMessage, res: ServerResponse, next: RequestListener): Promise<void> {
    const arrivedAt = this.monotonic();
    const { path } = splitRequestUrl(req.url ?? '/');
    const method = req.method ?? 'GET';
    const named = namedSession(req)?.name ?? DEFAULT_SESSION;
    // A bad session name is the mock's to refuse (400), and static files need no session.
    if (!isSessionName(named) || (SAFE.has(method) && STATIC.test(path))) {
      next(req, res);
      return;
    }
    const writer = !SAFE.has(method) || path.startsWith('/oauth/');
    const control = path.startsWith('/__mock/');
    const deadline = new Deadline(this.timeoutMs);
    try {
      const made = await deadline.race(this.ready(named, arrivedAt, writer || control));
      if (made === 'full') {
        answerProblem(
          res,
          'too_many_sessions',
          `${this.options.maxSessions} sessions exist already (--max-sessions); delete one (DELETE /__mock/sessions/{name}) or wait for an idle one to be dropped.`,
          { 'Retry-After': '60' },
        );
        return;
      }
      if (control) await deadline.race(this.beforeControl(method, path, req, named));
      this.recovered();
      this.journal.attach(this.tails.depsOf(named).journal, named);
      this.shareStubs(named);
      if (this.tails.touchDue(named, this.wall.now().getTime())) this.options.db.touch([named]).catch(() => undefined);
      if (writer && !(method === 'POST' && path === '/__mock/journal/count')) await this.write(named, path, method, req, res, next, deadline);
      else next(req, res);
    } finally {
      deadline.cancel();
    }
  }

  /**
   * Brings the session to a position that includes every write acknowledged before the request arrived: from
   * the notifications when they prove it, else from its head in the database (made there if new).
   */
  private async ready(named: string, arrivedAt: number, mustRead: boolean): Promise<'full' | undefined> {
    // The common read: proven current from the notifications, answered with no database work at all.
    let proven = mustRead ? undefined : this.seen.provenHead(named, arrivedAt);
    // A fence is on its way back: waiting for it costs less than a query of this request's own.
    if (!proven && !mustRead && (await this.seen.awaitProof(named, arrivedAt))) proven = this.seen.provenHead(named, arrivedAt);
    if (!proven) return (await this.prepare(named)) === 'full' ? 'full' : undefined;
    if (!this.tails.current(named, proven)) await this.catchUp(named, proven);
    return undefined;
  }

  /** The session's head, the session made in the database if new ('full' at the cap), and the overlay caught up. */
  private async prepare(session: string): Promise<SessionHead | 'full'> {
    // Read after the listening connection was made: from then on its notifications keep the head known.
    const epoch = this.seen.verifying();
    let head = await this.heads.head(session);
    if (!head) {
      const made = await this.options.db.createSession(session, this.options.maxSessions, this.options.idleMs);
      if (made === 'full') return 'full';
      head = await this.heads.head(session);
      if (!head) throw new Error(`the session ${session} vanished while it was made`);
    }
    this.seen.verified(session, head, epoch);
    if (!this.tails.current(session, head)) await this.catchUp(session, head);
    return head;
  }

  private catchUp(session: string, head: SessionHead): Promise<void> {
    return this.tails.exclusive(session, () => this.tails.catchUp(session, head, (seq) => this.options.db.changesAfter(session, seq)));
  }

  /** Controls that read or clear what every replica shares: the journal and the session list. */
  private async beforeControl(method: string, path: string, req: IncomingMessage, session: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mock');
    const filter = url.searchParams.get('session');
    if (path.startsWith('/__mock/journal')) {
      if (method === 'DELETE') {
        await this.options.db.clearJournal(filter ?? session);
        return;
      }
      // Every live replica sends what it recorded, then the journals read are filled from the database.
      await this.journal.gather();
      await refillJournals(this.options.db, this.tails, this.options.sessions, method === 'POST' ? '*' : (filter ?? session));
      return;
    }
    if (path === '/__mock/sessions' || path.startsWith('/__mock/sessions/')) {
      const names = new Set(await this.options.db.sessionNames());
      for (const local of this.options.sessions.names()) if (!names.has(local)) this.options.sessions.delete(local);
      for (const name of names) await this.prepare(name);
    }
  }

  /**
   * A stub with `times` the session's requests use is counted in the database before the answer leaves; a
   * write request's own commit carries it (it holds the session's lock already). Set once per session object
   * (a rebuild makes a new one, hence the calls after each catch-up); it finds the session's current stubs.
   */
  private shareStubs(session: string): void {
    this.tails.depsOf(session).stubs.shareUse ??= (take) =>
      this.writing.getStore() === session
        ? Promise.resolve(take(this.tails.depsOf(session).stubs))
        : shareStubUse(this.options.db, this.tails, session, this.timeoutMs, take);
  }

  private async write(
    session: string,
    path: string,
    method: string,
    req: IncomingMessage,
    res: ServerResponse,
    next: RequestListener,
    deadline: Deadline,
  ): Promise<void> {
    let committedAt: number | undefined;
    const run = this.tails.exclusive(session, async () => {
      // Answered 503 while it queued behind this session's other writes: it does nothing at all.
      deadline.check();
      const tx = await this.options.db.beginWrite(session);
      let ended: { send: () => void } | undefined;
      try {
        await this.tails.catchUp(session, tx.head, (seq) => tx.changesAfter(seq));
        // The last point where it may still give up: from here the mock runs, and the commit's own query
        // timeouts bound what is left.
        deadline.check();
        deadline.cancel();
        this.tails.seedWrite(session, tx.head);
        // The catch-up may have made the session anew.
        this.shareStubs(session);
        const deps = this.tails.depsOf(session);
        const before = captureSide(deps);
        const collected: Collected = { writes: [], supersedes: undefined };
        const { writes } = collected;
        this.collecting.set(session, collected);
        try {
          const done = heldAnswer(res);
          this.writing.run(session, () => next(req, res));
          ended = await done;
        } finally {
          this.collecting.delete(session);
        }
        const after = captureSide(deps);
        const sideChanged = !sameSide(before, after);
        const dropped =
          method === 'DELETE' && res.statusCode === 204 && path.startsWith('/__mock/sessions/')
            ? [decodeURIComponent(path.slice('/__mock/sessions/'.length))]
            : [];
        if (writes.length === 0 && !sideChanged && dropped.length === 0) {
          await tx.rollback();
        } else {
          this.tails.committing(session, tx.head.head + 1);
          // An entry a rebuild starts from carries the whole side state: nothing before it is read again.
          const side = sideChanged || collected.supersedes ? { side: after } : {};
          try {
            await tx.commit({ writes, ...side, redeemed: newlyRedeemed(before, after), dropped, supersedes: collected.supersedes });
            committedAt = this.monotonic();
          } catch (error) {
            this.tails.invalidate(session);
            throw error;
          }
        }
      } catch (error) {
        await tx.rollback().catch(() => undefined);
        this.tails.invalidate(session);
        throw error;
      }
      return ended;
    });
    const answer = await deadline.race(run);
    // Out of the session's queue: the next writer goes on meanwhile. A replica answers a read from memory only
    // with proof it saw every commit older than FRESH_MS before the read came (SeenCommits.ts); held this long,
    // this write is one of those for any read its client sends after the answer.
    if (committedAt !== undefined) {
      const due = committedAt + FRESH_MS;
      // A timer may fire a little early (it counts from the event loop's cached time): checked again after it.
      while (this.monotonic() < due) await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(due - this.monotonic()))));
    }
    answer.send();
  }

  private unavailable(res: ServerResponse, error: unknown): void {
    if (!this.outage) {
      this.outage = true;
      this.options.log(`mock: the database is unavailable (${(error as Error)?.message ?? String(error)}); answering 503 storage_unavailable until it is back`);
    }
    answerProblem(
      res,
      'storage_unavailable',
      error instanceof CommitOutcomeUnknown
        ? 'The shared state of the replicas did not confirm the change in time: it may or may not have been kept. Read it before sending it again.'
        : 'The shared state of the replicas cannot be reached or did not keep the change; nothing changed. Try again in a moment.',
      { 'Retry-After': '1' },
    );
  }

  private recovered(): void {
    if (!this.outage) return;
    this.outage = false;
    this.options.log('mock: the database is back');
  }
}

/**
 * Holds the answer the mock gives until its changes commit: its status line, head and body are kept, not sent
 * (so a failed commit can still answer 503 in their place); `send` then writes them as the mock asked. A
 * response the client dropped resolves too (nothing to send).
 */
function heldAnswer(res: ServerResponse): Promise<{ send: () => void }> {
  type Call = (...args: unknown[]) => unknown;
  const held = res as unknown as Record<'writeHead' | 'write' | 'end', Call>;
  const original = { writeHead: held.writeHead.bind(res) as Call, write: held.write.bind(res) as Call, end: held.end.bind(res) as Call };
  const calls: [keyof typeof original, unknown[]][] = [];
  const restore = (): void => {
    held.writeHead = original.writeHead;
    held.write = original.write;
    held.end = original.end;
  };
  return new Promise((resolve) => {
    const onClose = (): void => {
      restore();
      resolve({ send: () => undefined });
    };
    res.once('close', onClose);
    held.writeHead = (...args: unknown[]) => {
      // The gate reads the status after the handler (a deleted session answers 204).
      if (typeof args[0] === 'number') res.statusCode = args[0];
      calls.push(['writeHead', args]);
      return res;
    };
    held.write = (...args: unknown[]) => {
      calls.push(['write', args]);
      return true;
    };
    held.end = (...args: unknown[]) => {
      res.off('close', onClose);
      restore();
      calls.push(['end', args]);
      resolve({
        send: () => {
          for (const [name, callArgs] of calls) original[name](...callArgs);
        },
      });
      return res;
    };
  });
}

/** Whether a store write replaces the whole store: a rebuild can start from the log entry that holds it. */
function supersedes(write: StoreWrite, before: ChangeToCommit['supersedes']): ChangeToCommit['supersedes'] {
  if (write.op === 'load' && write.asSeed) return 'seed';
  if (write.op === 'load' || write.op === 'reset') return before ?? 'base';
  return before;
}
