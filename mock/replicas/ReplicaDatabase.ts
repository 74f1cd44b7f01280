import type { StoreWrite } from '../store/StoreWrite.ts';
import type { SideState } from './SideState.ts';

/** Where a session stands in the database: its log's last seq, and which incarnation of the session it is. */
export interface SessionHead {
  generation: string;
  head: number;
}

/** One committed request's changes to a session, as the log keeps them. */
export interface LoggedChange {
  seq: number;
  writes: StoreWrite[];
  /** The session's clock, latency, faults and OAuth state after the request, when the request changed them. */
  side: SideState | null;
}

/** What one request changed, to be committed before its answer leaves. */
export interface ChangeToCommit {
  /** Store writes, each already serialised as JSON (serialised when made: a record may change afterwards). */
  writes: string[];
  side?: SideState;
  /** Codes the request redeemed: the database refuses one redeemed before. */
  redeemed: string[];
  /** Sessions the request deleted. */
  dropped: string[];
  /**
   * The request replaced the session's whole store (`base`: a reset or an import; `seed`: an import as the
   * seed, which a later reset returns to): the log before it is superseded, and a rebuild starts here. Such a
   * change carries the session's side state whether or not it changed.
   */
  supersedes?: 'base' | 'seed';
}

/** Entries one read of the log returns at most: a rebuild holds one page in memory at a time. */
export const LOG_PAGE = 200;

/**
 * The commit was sent and no answer came (the connection was lost, or the answer was not in time): the change
 * may or may not be kept. Said as such to the client, never as "nothing changed".
 */
export class CommitOutcomeUnknown extends Error {
  constructor(readonly reason: unknown) {
    super(`the database did not confirm the commit (${(reason as Error)?.message ?? String(reason)})`);
    this.name = 'CommitOutcomeUnknown';
  }
}

/**
 * One open write of a session: the session's lock is held (every replica's writers of that session queue on
 * it) from begin until commit or rollback, so each writer acts on the session's latest state.
 */
export interface SessionWrite {
  readonly head: SessionHead;
  /** As ReplicaDatabase.changesAfter, in the write's transaction. */
  changesAfter(seq: number): Promise<LoggedChange[]>;
  /** Appends the change at head + 1 and commits; returns the new head. */
  commit(change: ChangeToCommit): Promise<number>;
  rollback(): Promise<void>;
}

export interface JournalRow {
  id: number;
  session: string;
  entry: Record<string, unknown>;
}

/** A change committed on any replica (or a session deleted), as LISTEN/NOTIFY tells it. */
export type Notice =
  | { session: string; generation: string; seq: number }
  | { dropped: string }
  /** A journal read asks every replica to send what its journals recorded. */
  | { journalWanted: string }
  /** A replica sent it. */
  | { journalSent: string; replica: string }
  /** The listening connection is made (LISTEN done: every later commit will be told) or lost. */
  | { listening: boolean }
  /** A fence this replica sent on its listening connection came back (SeenCommits.ts). */
  | { fence: number };

/** The listening connection: stops it, or sends a fence on it (nothing when it is down). */
export interface Listening {
  stop(): void;
  fence(id: number): void;
}

/** The replicas' shared state, on PostgreSQL (pgReplicaDatabase.ts); the mock's memory stays the read path. */
export interface ReplicaDatabase {
  /** The heads of these sessions (absent: the session does not exist in the database). One indexed read each. */
  heads(names: readonly string[]): Promise<Map<string, SessionHead>>;
  /**
   * The next LOG_PAGE entries of a session's log after `seq`, in order, skipping what its last reset or import
   * superseded: from 0 (a rebuild) it starts at that entry (and the import-as-seed a reset returns to), so a
   * rebuild reads the session's live history, not all of it.
   */
  changesAfter(session: string, seq: number): Promise<LoggedChange[]>;
  /** Makes a named session unless `max` named ones exist already (those unused for `idleMs` are dropped first). */
  createSession(name: string, max: number, idleMs: number): Promise<'created' | 'exists' | 'full'>;
  sessionNames(): Promise<string[]>;
  /** Marks sessions as used now (for the session list); called at most once a minute per session. */
  touch(names: readonly string[]): Promise<void>;
  beginWrite(session: string): Promise<SessionWrite>;
  appendJournal(rows: readonly { session: string; entry: string }[]): Promise<void>;
  /** The newest `limit` entries of a session (`*`: of every session), oldest first. */
  readJournal(session: string, limit: number): Promise<JournalRow[]>;
  clearJournal(session: string): Promise<void>;
  /** Says this replica is alive (every second), and lists the replicas alive in the last few seconds. */
  heartbeat(replica: string): Promise<void>;
  liveReplicas(): Promise<string[]>;
  /** Deletes the log entries every session's last reset or import superseded; returns how many. */
  compact(): Promise<number>;
  notify(notice: { journalWanted: string } | { journalSent: string; replica: string }): Promise<void>;
  /** Calls `onNotice` for every change committed anywhere, in commit order; reconnects by itself. */
  listen(onNotice: (notice: Notice) => void): Listening;
  close(): Promise<void>;
}
