import * as fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { StoreChanges } from '../store/OverlayStore.ts';
import type { Store } from '../store/Store.ts';
import { DEFAULT_SESSION } from './LogEntry.ts';
import { logFileOf, readDurableState, SNAPSHOT_FORMAT } from './readDurableState.ts';
import { replayLog } from './replayLog.ts';
import { encodeSnapshot, restoreSession, type SeedSource, type SessionExtras, snapshotOf } from './SessionSnapshot.ts';
import { encodeWrite, type LoggedWrite } from './writeCodec.ts';
import { StateFileError } from './StateFileError.ts';

/**
 * The snapshot and the log hold every session's data and the access tokens issued: readable by their owner
 * only (new files; umask can only narrow it).
 */
const OWNER_ONLY = 0o600;

/** The file operations durability needs; tests swap in failing ones. */
export type DurableIo = Pick<typeof fs, 'openSync' | 'writeSync' | 'fsyncSync' | 'ftruncateSync' | 'closeSync' | 'renameSync' | 'unlinkSync'>;

export interface DurabilityOptions {
  /** The snapshot; the log is `${file}.log` beside it. */
  file: string;
  /** The undecorated store of every live session, for snapshots (compaction). */
  sessions: () => Iterable<[string, Store & { changes(): StoreChanges }]>;
  /** How the shared base was made: a snapshot records it instead of the base itself. */
  seed: SeedSource;
  /** The undecorated store of a session (created if needed), to restore it after a failed write. */
  storeFor: (session: string) => Store;
  /** Last seq on disk (from readDurableState), so new entries continue after it. */
  lastSeq?: number;
  /** Bytes of the log that are valid; a torn tail beyond them is cut off at open. */
  validLogBytes?: number;
  /** Compact once the log passes this many bytes (default 64 MiB). */
  compactBytes?: number;
  io?: DurableIo;
  log?: (line: string) => void;
  /** What each session keeps beside its data (its stubs): written into every snapshot; a change asks for one. */
  extras?: Pick<SessionExtras, 'save' | 'changed'>;
}

/** A write that could not be made durable; the state was restored to what is on disk. */
export class StorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageError';
  }
}

/**
 * The durable side of --state-file, as Redis' AOF with `appendfsync always` and SQLite's WAL: writes are
 * recorded as they reach the store, and before any answer leaves, everything recorded is appended to the log
 * as one line per session and fsynced (one fsync per answer, however many records). Reset and import rewrite
 * the snapshot instead. From time to time the log is compacted into a new snapshot (temp file, fsync, rename,
 * fsync of the folder), so a crash at any instant leaves either the old snapshot or the new one.
 */
export class Durability {
  readonly file: string;
  readonly logFile: string;
  private readonly io: DurableIo;
  private fd: number;
  private seq: number;
  private logBytes: number;
  private readonly pending = new Map<string, string[]>();
  private snapshotWanted = false;
  private compactScheduled = false;
  private restoringNow = false;

  constructor(private readonly options: DurabilityOptions) {
    this.file = options.file;
    this.logFile = logFileOf(options.file);
    this.io = options.io ?? fs;
    this.seq = options.lastSeq ?? 0;
    try {
      this.fd = this.io.openSync(this.logFile, 'a', OWNER_ONLY);
      this.logBytes = fs.fstatSync(this.fd).size;
      if (options.validLogBytes !== undefined && options.validLogBytes < this.logBytes) {
        this.io.ftruncateSync(this.fd, options.validLogBytes);
        this.io.fsyncSync(this.fd);
        this.logBytes = options.validLogBytes;
      }
    } catch (error) {
      throw new StateFileError(`cannot write the state file ${this.logFile}: ${(error as Error).message}`);
    }
  }

  /** Records one write of a session, to be made durable before the next answer (spelt now: records never change). */
  record(session: string, write: LoggedWrite): void {
    let ops = this.pending.get(session);
    if (!ops) this.pending.set(session, (ops = []));
    ops.push(JSON.stringify(encodeWrite(write)));
  }

  /** A reset or an import replaced a whole session: the next commit writes a snapshot. */
  wantSnapshot(): void {
    this.snapshotWanted = true;
  }

  get hasPending(): boolean {
    return this.snapshotWanted || this.pending.size > 0;
  }

  /**
   * Makes everything recorded durable. On failure the log is cut back, every session is restored from disk
   * (so the store holds exactly what was acknowledged), and a StorageError is thrown for a 503.
   */
  commit(): void {
    if (this.options.extras?.changed()) this.snapshotWanted = true;
    if (!this.hasPending) return;
    if (this.snapshotWanted) {
      this.compactOrRestore();
      return;
    }
    let text = '';
    for (const [session, ops] of this.pending) text += `{"seq":${++this.seq},"session":${JSON.stringify(session)},"ops":[${ops.join(',')}]}\n`;
    this.pending.clear();
    const buffer = Buffer.from(text);
    const before = this.logBytes;
    try {
      this.writeAll(this.fd, buffer);
      this.io.fsyncSync(this.fd);
      this.logBytes += buffer.length;
    } catch (error) {
      try {
        this.io.ftruncateSync(this.fd, before);
      } catch {
        // The torn tail (no newline yet, or a partial line) is dropped on the next start anyway.
      }
      this.restore();
      throw new StorageError(`cannot append to ${this.logFile}: ${(error as Error).message}`);
    }
    if (this.logBytes > (this.options.compactBytes ?? 64 * 1024 * 1024) && !this.compactScheduled) {
      this.compactScheduled = true;
      setImmediate(() => {
        this.compactScheduled = false;
        try {
          this.compact();
        } catch (error) {
          this.options.log?.(`mock: compaction of ${this.file} failed (the log still holds every write): ${(error as Error).message}`);
        }
      });
    }
  }

  /**
   * Writes every session into a new snapshot, then empties the log. Synchronous: no write can slip in between.
   * A session is written as its writes over the shared base, and the base as the options that make it again
   * (version 2): a million generated groups never reach the file, nor a thousand copies of the seeded data.
   */
  compact(): void {
    const sessions: Record<string, unknown> = {};
    for (const [name, store] of this.options.sessions())
      sessions[name] = { ...encodeSnapshot(snapshotOf(store.changes())), ...this.options.extras?.save(name) };
    const seq = this.seq;
    const seed = this.options.seed;
    const text = JSON.stringify({
      format: SNAPSHOT_FORMAT,
      version: 2,
      logSeq: seq,
      ...('generate' in seed ? { seed: seed.generate } : { seedDataset: seed.dataset }),
      sessions,
    });
    const dir = dirname(this.file);
    const tmp = join(dir, `.${basename(this.file)}.${process.pid}.tmp`);
    let fd: number | undefined;
    try {
      fd = this.io.openSync(tmp, 'w', OWNER_ONLY);
      this.writeAll(fd, Buffer.from(text));
      this.io.fsyncSync(fd);
      this.io.closeSync(fd);
      fd = undefined;
      this.io.renameSync(tmp, this.file);
    } catch (error) {
      if (fd !== undefined) this.io.closeSync(fd);
      try {
        this.io.unlinkSync(tmp);
      } catch {
        // Nothing was created.
      }
      throw new StateFileError(`cannot write the state file ${this.file}: ${(error as Error).message}`);
    }
    // The new snapshot is in place: what follows only saves space, and replay skips entries up to logSeq.
    this.pending.clear();
    this.snapshotWanted = false;
    try {
      const dirFd = fs.openSync(dir, 'r');
      this.io.fsyncSync(dirFd);
      fs.closeSync(dirFd);
      this.io.ftruncateSync(this.fd, 0);
      this.io.fsyncSync(this.fd);
      this.logBytes = 0;
    } catch (error) {
      this.options.log?.(`mock: the snapshot ${this.file} was written but the log could not be emptied: ${(error as Error).message}`);
    }
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  private compactOrRestore(): void {
    try {
      this.compact();
    } catch (error) {
      this.pending.clear();
      this.snapshotWanted = false;
      this.restore();
      throw new StorageError((error as Error).message);
    }
  }

  /** True while the state is being rebuilt from disk: writes seen then are not new, and are not recorded. */
  get restoring(): boolean {
    return this.restoringNow;
  }

  /** Back to what is on disk: every session's snapshot, then the log over it. */
  private restore(): void {
    this.restoringNow = true;
    try {
      this.restoreFromDisk();
    } finally {
      this.restoringNow = false;
      this.pending.clear();
      this.snapshotWanted = false;
    }
  }

  private restoreFromDisk(): void {
    this.pending.clear();
    this.snapshotWanted = false;
    const state = readDurableState(this.file);
    for (const [name, store] of this.options.sessions()) {
      const saved = state.sessions.get(name);
      if (saved) restoreSession(store, saved);
      else if (name === DEFAULT_SESSION || state.entries.some((e) => e.session === name)) store.reset();
    }
    replayLog(state.entries, this.options.storeFor);
    this.seq = state.lastSeq;
  }

  private writeAll(fd: number, buffer: Buffer): void {
    let offset = 0;
    while (offset < buffer.length) offset += this.io.writeSync(fd, buffer, offset, buffer.length - offset);
  }
}
