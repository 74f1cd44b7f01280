import type { Rng } from '../../fixtures/rng.ts';
import { type Clock, createFrozenClock, createRunningClock } from '../clock.ts';
import type { Journal } from '../journal/Journal.ts';
import type { OAuthState } from './OAuthState.ts';
import type { BaseData } from '../store/BaseData.ts';
import { OverlayStore, type StoreChanges } from '../store/OverlayStore.ts';
import type { StoreWrite } from '../store/StoreWrite.ts';

export const DEFAULT_SESSION = 'default';
export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_IDLE_MINUTES = 60;

/** One line of GET /__mock/sessions. */
export interface SessionInfo {
  name: string;
  createdAt: string;
  lastUsedAt: string;
  /** Writes to its data since its last reset or import. */
  writes: number;
  /** A rough estimate of what it holds beyond the shared base (data, journal, OAuth state). */
  memoryBytes: number;
}

/** What a durable log (--state-file) listens to: every accepted write, and every session dropped. */
export interface SessionListener {
  write?(session: string, write: StoreWrite): void;
  dropped?(session: string, why: 'deleted' | 'idle'): void;
}

/** What the registry reads of a session it holds: its name and the sizes of what it keeps (for `list`). */
export interface SessionShape {
  session: string;
  journal: Pick<Journal, 'size' | 'bytes' | 'release'>;
  oauth: Pick<OAuthState, 'pending' | 'codes' | 'refreshTokens'>;
}

/** What a new session is made of; the factory adds what it holds besides (see sessionFactory). */
export interface SessionParts {
  name: string;
  store: OverlayStore;
  clock: Clock;
  rng: Rng;
  faults: Iterable<string>;
}

export interface SessionRegistryOptions<S extends SessionShape> {
  /** The seeded data every session starts from, shared and never written. */
  base: BaseData;
  /** Builds each session's state around its store (createDeps hands sessionFactory). */
  createSession: (parts: SessionParts) => S;
  /** The default session's clock and random source; new sessions start as this clock started. */
  clock: Clock;
  rng: Rng;
  /** Faults on from the start (--faults): every new session starts with them too. */
  faults?: Iterable<string>;
  /** Named sessions at most (the default one aside); one more is refused. */
  maxSessions?: number;
  /** A named session unused this long is dropped. */
  idleMs?: number;
  /** Freeze every record (tests). */
  freeze?: boolean;
  /** Wall-clock milliseconds, for created/last used and idle eviction (not any session's mock clock). */
  now?: () => number;
}

/** Thrown when a new session would exceed the maximum; the API answers it as a 429 problem. */
export class SessionLimitError extends Error {
  constructor(
    readonly max: number,
    /** When the least recently used session will have been idle long enough to be dropped. */
    readonly retryAfterSeconds: number,
  ) {
    super(`${max} sessions exist already (--max-sessions); delete one (DELETE /__mock/sessions/{name}) or wait for an idle one to be dropped.`);
    this.name = 'SessionLimitError';
  }
}

interface SessionSlot<S> {
  deps: S;
  store: OverlayStore;
  createdAt: number;
  lastUsedAt: number;
}

/**
 * Every session of one mock: the default one (no header) and the named ones, created on first use. A session
 * is its own store (an overlay over the shared base: creating one copies nothing), clock, random source,
 * latency, faults, journal and OAuth state; the contract is shared. Sessions idle longer than `idleMs` are
 * dropped, and at most `maxSessions` named ones exist at a time.
 */
export class SessionRegistry<S extends SessionShape> {
  readonly maxSessions: number;
  readonly idleMs: number;
  private readonly named = new Map<string, SessionSlot<S>>();
  private readonly defaultSession: SessionSlot<S>;
  private readonly listeners = new Set<SessionListener>();
  private readonly now: () => number;
  private readonly clockStartMs: number;
  private readonly wallStartMs: number;
  private lastSweep: number;

  constructor(private readonly options: SessionRegistryOptions<S>) {
    const wall = createRunningClock();
    this.now = options.now ?? (() => wall.now().getTime());
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MINUTES * 60_000;
    this.clockStartMs = options.clock.now().getTime();
    this.wallStartMs = this.now();
    this.lastSweep = this.wallStartMs;
    this.defaultSession = this.create(DEFAULT_SESSION, options.clock, options.rng);
  }

  /** The deps of a session, created on first use; marks it used. Throws SessionLimitError at the cap. */
  use(name: string): S {
    const session = this.session(name, false);
    session.lastUsedAt = this.now();
    return session.deps;
  }

  /** The deps of a session if it exists, without creating or touching it. */
  find(name: string): S | undefined {
    return name === DEFAULT_SESSION ? this.defaultSession.deps : this.named.get(name)?.deps;
  }

  /** A session's store, created if need be and regardless of the cap: for replaying a durable log at start. */
  store(name: string): OverlayStore {
    return this.session(name, true).store;
  }

  /** What a session wrote over the shared base, for compacting a log into a snapshot. */
  changes(name: string): StoreChanges | undefined {
    return (name === DEFAULT_SESSION ? this.defaultSession : this.named.get(name))?.store.changes();
  }

  names(): string[] {
    return [DEFAULT_SESSION, ...this.named.keys()];
  }

  list(): SessionInfo[] {
    return [this.defaultSession, ...this.named.values()].map((s) => ({
      name: s.deps.session,
      createdAt: new Date(s.createdAt).toISOString(),
      lastUsedAt: new Date(s.lastUsedAt).toISOString(),
      writes: s.store.writes,
      memoryBytes:
        s.store.estimateBytes() + s.deps.journal.bytes + (s.deps.oauth.pending.size + s.deps.oauth.codes.size + s.deps.oauth.refreshTokens.size) * 400,
    }));
  }

  /** Drops a named session (the default one cannot be dropped: reset it instead). */
  delete(name: string): boolean {
    const dropped = this.named.get(name);
    if (!dropped || !this.named.delete(name)) return false;
    // Its journal's bytes go back to the budget all journals share.
    dropped.deps.journal.release();
    for (const l of this.listeners) l.dropped?.(name, 'deleted');
    return true;
  }

  /** Drops the named sessions unused for longer than idleMs; returns their names. */
  evictIdle(): string[] {
    const now = this.now();
    this.lastSweep = now;
    const dropped: string[] = [];
    for (const [name, s] of this.named) {
      if (now - s.lastUsedAt > this.idleMs) {
        this.named.delete(name);
        s.deps.journal.release();
        dropped.push(name);
        for (const l of this.listeners) l.dropped?.(name, 'idle');
      }
    }
    return dropped;
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private session(name: string, ignoreCap: boolean): SessionSlot<S> {
    if (name === DEFAULT_SESSION) return this.defaultSession;
    // Idle sessions are swept on use, at most once a minute: no timer keeps the process busy.
    if (this.now() - this.lastSweep > Math.min(60_000, this.idleMs)) this.evictIdle();
    const known = this.named.get(name);
    if (known) return known;
    if (!ignoreCap && this.named.size >= this.maxSessions && (this.evictIdle(), this.named.size >= this.maxSessions)) {
      let oldest = Infinity;
      for (const s of this.named.values()) oldest = Math.min(oldest, s.lastUsedAt);
      throw new SessionLimitError(this.maxSessions, Math.max(1, Math.ceil((oldest + this.idleMs - this.now()) / 1000)));
    }
    const rng = this.options.rng.fork(`session:${name}`);
    const session = this.create(name, this.newClock(), rng);
    this.named.set(name, session);
    return session;
  }

  /** A new session's clock starts where the default one did, and runs (or stands) as it did. */
  private newClock(): Clock {
    if (this.options.clock.frozen) return createFrozenClock(new Date(this.clockStartMs));
    const clock = createRunningClock();
    clock.set(new Date(this.clockStartMs + (this.now() - this.wallStartMs)));
    return clock;
  }

  private create(name: string, clock: Clock, rng: Rng): SessionSlot<S> {
    const store = new OverlayStore(this.options.base, {
      ...(this.options.freeze ? { freeze: true } : {}),
      onWrite: (write) => {
        for (const l of this.listeners) l.write?.(name, write);
      },
    });
    const now = this.now();
    const deps = this.options.createSession({ name, store, clock, rng, faults: this.options.faults ?? [] });
    return { deps, store, createdAt: now, lastUsedAt: now };
  }
}
