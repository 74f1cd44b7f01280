import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createRunningClock } from '../clock.ts';
import type { Session } from '../sessions/Session.ts';
import { splitRequestUrl } from '../http/splitRequestUrl.ts';
import { DEFAULT_SESSION, type SessionRegistry } from '../sessions/SessionRegistry.ts';
import { isSessionName, namedSession } from '../sessions/sessionName.ts';
import { answerProblem } from './answerProblem.ts';
import { HeadReader } from './HeadReader.ts';
import { JournalShipper } from './JournalShipper.ts';
import type { ReplicaDatabase, SessionHead } from './ReplicaDatabase.ts';
import { refillJournals } from './refillJournals.ts';
import { SessionTails } from './SessionTails.ts';
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
}

/** Requests that never touch a session: no database work for them. */
const STATIC = /^\/(?:docs|openapi\.(?:json|yaml)|favicon\.ico|__mock\/ui)(?:\/|$)/;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The front door of a replica: before the mock sees a request, its session is brought to its latest committed
 * position (one read of a sequence number, shared by the requests of the same moment); a request that may
 * change the session takes the session's lock in the database, catches up under it, runs, and its answer
 * leaves only once its changes are committed. Reads then stay in memory. The database down: 503
 * `storage_unavailable`, and the next request tries again.
 */
export class ReplicaGate {
  private readonly tails: SessionTails;
  private readonly heads: HeadReader;
  readonly journal: JournalShipper;
  private readonly collecting = new Map<string, string[]>();
  private readonly wall = createRunningClock();
  private stopListening: () => void = () => undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private outage = false;

  constructor(private readonly options: ReplicaGateOptions) {
    this.tails = new SessionTails(options.sessions, options.seed);
    this.heads = new HeadReader(options.db);
    this.journal = new JournalShipper(options.db, options.log);
    options.sessions.subscribe({
      write: (session, write) => {
        if (this.tails.replaying) return;
        const into = this.collecting.get(session);
        if (into) into.push(JSON.stringify(write));
        else options.log(`mock: a ${write.op} of session ${session} outside a write request was not shared with the other replicas`);
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
    this.stopListening = this.options.db.listen((notice) => {
      if ('journalWanted' in notice) {
        this.journal.onWanted(notice.journalWanted);
        return;
      }
      if ('journalSent' in notice) {
        this.journal.onSent(notice.journalSent, notice.replica);
        return;
      }
      if ('dropped' in notice) {
        this.tails.replaying = true;
        try {
          this.options.sessions.delete(notice.dropped);
        } finally {
          this.tails.replaying = false;
        }
        this.tails.forget(notice.dropped);
        return;
      }
      if (this.options.sessions.find(notice.session) === undefined) return;
      this.prepare(notice.session).catch(() => undefined);
    });
  }

  async stop(): Promise<void> {
    this.stopListening();
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
    const { path } = splitRequestUrl(req.url ?? '/');
    const method = req.method ?? 'GET';
    const named = namedSession(req)?.name ?? DEFAULT_SESSION;
    // A bad session name is the mock's to refuse (400), and static files need no session.
    if (!isSessionName(named) || (SAFE.has(method) && STATIC.test(path))) {
      next(req, res);
      return;
    }
    const head = await this.prepare(named, res);
    if (!head) return;
    this.recovered();
    this.tails.depsOf(named);
    this.journal.attach(this.tails.depsOf(named).journal, named);
    if (this.tails.touchDue(named, this.wall.now().getTime())) this.options.db.touch([named]).catch(() => undefined);
    if (path.startsWith('/__mock/')) await this.beforeControl(method, path, req, named);
    const writer = !SAFE.has(method) || path.startsWith('/oauth/');
    if (writer && !(method === 'POST' && path === '/__mock/journal/count')) await this.write(named, path, method, req, res, next);
    else next(req, res);
  }

  /** The session's head, the session made in the database if new (429 at the cap), and the overlay caught up. */
  private async prepare(session: string, res?: ServerResponse): Promise<SessionHead | undefined> {
    let head = await this.heads.head(session);
    if (!head) {
      const made = await this.options.db.createSession(session, this.options.maxSessions, this.options.idleMs);
      if (made === 'full') {
        if (res) answerProblem(res, 'too_many_sessions', `${this.options.maxSessions} sessions exist already (--max-sessions); delete one (DELETE /__mock/sessions/{name}) or wait for an idle one to be dropped.`, { 'Retry-After': '60' });
        return undefined;
      }
      head = await this.heads.head(session);
      if (!head) throw new Error(`the session ${session} vanished while it was made`);
    }
    if (!this.tails.current(session, head)) {
      const at = head;
      await this.tails.exclusive(session, () => this.tails.catchUp(session, at, (seq) => this.options.db.changesAfter(session, seq)));
    }
    return head;
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
      await refillJournals(this.options.db, this.tails, method === 'POST' ? '*' : (filter ?? session));
      return;
    }
    if (path === '/__mock/sessions' || path.startsWith('/__mock/sessions/')) {
      const names = new Set(await this.options.db.sessionNames());
      for (const local of this.options.sessions.names()) if (!names.has(local)) this.options.sessions.delete(local);
      for (const name of names) await this.prepare(name);
    }
  }

  private async write(session: string, path: string, method: string, req: IncomingMessage, res: ServerResponse, next: RequestListener): Promise<void> {
    await this.tails.exclusive(session, async () => {
      const tx = await this.options.db.beginWrite(session);
      let ended: { send: () => void } | undefined;
      try {
        await this.tails.catchUp(session, tx.head, (seq) => tx.changesAfter(seq));
        this.tails.seedWrite(session, tx.head);
        const deps = this.tails.depsOf(session);
        const before = captureSide(deps);
        const writes: string[] = [];
        this.collecting.set(session, writes);
        try {
          const done = heldAnswer(res);
          next(req, res);
          ended = await done;
        } finally {
          this.collecting.delete(session);
        }
        const after = captureSide(deps);
        const sideChanged = !sameSide(before, after);
        const dropped = method === 'DELETE' && res.statusCode === 204 && path.startsWith('/__mock/sessions/') ? [decodeURIComponent(path.slice('/__mock/sessions/'.length))] : [];
        if (writes.length === 0 && !sideChanged && dropped.length === 0) {
          await tx.rollback();
        } else {
          this.tails.committing(session, tx.head.head + 1);
          try {
            await tx.commit({ writes, ...(sideChanged ? { side: after } : {}), redeemed: newlyRedeemed(before, after), dropped });
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
      ended.send();
    });
  }

  private unavailable(res: ServerResponse, error: unknown): void {
    if (!this.outage) {
      this.outage = true;
      this.options.log(`mock: the database is unavailable (${(error as Error)?.message ?? String(error)}); answering 503 storage_unavailable until it is back`);
    }
    answerProblem(res, 'storage_unavailable', 'The shared state of the replicas cannot be reached or did not keep the change; nothing changed. Try again in a moment.', { 'Retry-After': '1' });
  }

  private recovered(): void {
    if (!this.outage) return;
    this.outage = false;
    this.options.log('mock: the database is back');
  }
}

/**
 * Holds the answer the mock gives until its changes commit: `res.end` is wrapped to remember its arguments and
 * resolve; `send` then ends as asked. A response the client dropped resolves too (nothing to send).
 */
function heldAnswer(res: ServerResponse): Promise<{ send: () => void }> {
  return new Promise((resolve) => {
    const end = res.end.bind(res) as (...args: unknown[]) => unknown;
    const onClose = (): void => resolve({ send: () => undefined });
    res.once('close', onClose);
    (res as { end: (...args: unknown[]) => unknown }).end = (...args: unknown[]) => {
      res.off('close', onClose);
      (res as { end: unknown }).end = end;
      resolve({ send: () => void end(...args) });
      return res;
    };
  });
}
