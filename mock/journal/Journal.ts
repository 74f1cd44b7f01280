import type { JournalBudget } from './JournalBudget.ts';
import type { JournalEntry } from './JournalEntry.ts';
import { type JournalQuery, matchesQuery } from './journalQuery.ts';

type EntryFields = Omit<JournalEntry, 'seq'>;

/**
 * A kept request: its entry is built when first read (parsing and masking bodies costs more than answering),
 * from what was kept of the exchange (`raw`) by a builder the caller names once, so recording makes no
 * closure. Slots are reused once the journal is full: recording allocates nothing of its own.
 */
interface Slot {
  seq: number;
  /** What the entry is counted as in the byte budget (journalEntryBytes). */
  bytes: number;
  raw: unknown;
  build: ((raw: never) => EntryFields) | undefined;
  entry: JournalEntry | undefined;
}

export class Journal {
  /** A ring: `start` is the oldest slot, `length` how many are kept. */
  private ring: Slot[] = [];
  private start = 0;
  private length = 0;
  private seq = 0;
  private used = 0;

  /** `budget`: the byte budget all sessions' journals share (JournalBudget); none: bounded by `capacity` only. */
  constructor(
    private readonly capacity = 1000,
    private readonly budget?: JournalBudget,
  ) {
    budget?.register(this);
  }

  /** Bytes the kept entries are counted as (bodies, headers, URL, a fixed overhead each). */
  get bytes(): number {
    return this.used;
  }

  /**
   * The one way in, whatever mounted the request (Express, a plain node:http pipeline): see entryFromExchange.
   * Give a function to defer building the entry until the journal is read.
   */
  record(entry: EntryFields | (() => EntryFields)): void {
    if (typeof entry === 'function') this.recordLazy(entry, callBuilder);
    else this.recordLazy(entry, sameFields, entryBytes(entry));
  }

  /**
   * Keeps `raw` and builds the entry from it with `build` when the journal is first read; `bytes` is what it
   * counts for in the budget (see journalEntryBytes).
   */
  recordLazy<T>(raw: T, build: (raw: T) => EntryFields, bytes = ENTRY_OVERHEAD_BYTES): void {
    const seq = ++this.seq;
    let slot: Slot | undefined;
    let freed = 0;
    if (this.length < this.capacity) {
      const index = (this.start + this.length) % this.capacity;
      slot = this.ring[index];
      if (!slot) this.ring[index] = slot = { seq, bytes: 0, raw: undefined, build: undefined, entry: undefined };
      this.length++;
    } else {
      slot = this.ring[this.start] as Slot;
      freed = slot.bytes;
      this.start = (this.start + 1) % this.capacity;
    }
    slot.seq = seq;
    slot.bytes = bytes;
    this.used += bytes - freed;
    slot.raw = raw;
    slot.build = build as (raw: never) => EntryFields;
    slot.entry = undefined;
    this.budget?.charge(bytes - freed);
  }

  /** Forgets the oldest entry (the byte budget's way to make room). */
  dropOldest(): void {
    if (this.length === 0) return;
    const slot = this.ring[this.start] as Slot;
    const freed = slot.bytes;
    slot.bytes = 0;
    slot.raw = undefined;
    slot.build = undefined;
    slot.entry = undefined;
    this.start = (this.start + 1) % this.capacity;
    this.length--;
    this.used -= freed;
    this.budget?.charge(-freed);
  }

  /** Matching entries, oldest first; `limit` keeps the newest ones. */
  list(query: JournalQuery = {}): JournalEntry[] {
    const out = this.entries().filter((e) => matchesQuery(e, query));
    return query.limit === undefined ? out : out.slice(-query.limit);
  }

  /** How many kept entries match (WireMock's `/__admin/requests/count`). */
  count(query: JournalQuery = {}): number {
    let n = 0;
    for (const e of this.entries()) if (matchesQuery(e, query)) n++;
    return n;
  }

  get(seq: number): JournalEntry | undefined {
    if (this.length === 0) return undefined;
    const oldest = (this.ring[this.start] as Slot).seq;
    const offset = seq - oldest;
    if (!Number.isInteger(offset) || offset < 0) return undefined;
    const slot = offset < this.length ? (this.ring[(this.start + offset) % this.capacity] as Slot) : undefined;
    if (slot?.seq === seq) return materialize(slot);
    // Numbers with gaps (replaceWith): look for it.
    return this.entries().find((e) => e.seq === seq);
  }

  /**
   * Puts these entries (oldest first, numbers increasing) in place of what is kept: with replicas, the journal as
   * the database holds it, every replica's exchanges of the session (mock/replicas/refillJournals.ts).
   */
  replaceWith(entries: readonly JournalEntry[]): void {
    const kept = entries.slice(-this.capacity);
    const before = this.used;
    this.ring = kept.map((entry) => ({ seq: entry.seq, bytes: entryBytes(entry), raw: undefined, build: undefined, entry }));
    this.start = 0;
    this.length = kept.length;
    this.used = this.ring.reduce((n, slot) => n + slot.bytes, 0);
    this.budget?.charge(this.used - before);
    this.seq = Math.max(this.seq, kept.at(-1)?.seq ?? 0);
  }

  get size(): number {
    return this.length;
  }

  clear(): void {
    this.ring = [];
    this.start = 0;
    this.length = 0;
    const freed = this.used;
    this.used = 0;
    this.budget?.charge(-freed);
  }

  /** Its session is gone: its bytes go back to the budget, which forgets it. */
  release(): void {
    this.clear();
    this.budget?.unregister(this);
  }

  private entries(): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = 0; i < this.length; i++) out.push(materialize(this.ring[(this.start + i) % this.capacity] as Slot));
    return out;
  }
}

/** What every entry costs besides its bodies and headers: its slot, fields and numbers. */
export const ENTRY_OVERHEAD_BYTES = 256;

/** A built entry's bytes, for entries that arrive whole (replicas, tests). */
function entryBytes(entry: EntryFields): number {
  return ENTRY_OVERHEAD_BYTES + JSON.stringify(entry).length;
}

function callBuilder(build: () => EntryFields): EntryFields {
  return build();
}

function sameFields(fields: EntryFields): EntryFields {
  return fields;
}

function materialize(slot: Slot): JournalEntry {
  if (!slot.entry) {
    slot.entry = { seq: slot.seq, ...(slot.build as (raw: unknown) => EntryFields)(slot.raw) };
    slot.build = undefined;
    slot.raw = undefined;
  }
  return slot.entry;
}
