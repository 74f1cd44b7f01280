import { type JournalQuery, matchesQuery } from './journalQuery.ts';

/** One side of an exchange as the journal keeps it: headers and body, secrets masked, the body bounded. */
export interface JournalMessage {
  headers: Record<string, string>;
  /** Parsed JSON when the body was JSON, else its text; absent when there was none. */
  body?: unknown;
  /** Bytes the body had on the wire. */
  size: number;
  /** Set when the body was longer than the journal keeps: `body` is then the first part of its text. */
  truncated?: true;
}

/** The last requests the mock received, newest last, for `GET /__mock/journal` (WireMock's request journal). */
export interface JournalEntry {
  seq: number;
  at: string;
  method: string;
  url: string;
  /** The URL's path, percent-decoded where it decodes. */
  path: string;
  operationId?: string;
  /** The `X-Mock-Session` the request named, or `default`. */
  session: string;
  status: number;
  durationMs: number;
  request: JournalMessage;
  response: JournalMessage;
  /** Set when the mock's own answer broke the contract (should never happen). */
  violations?: string[];
}

type EntryFields = Omit<JournalEntry, 'seq'>;

/** A kept request: its entry is built when first read (parsing and masking bodies costs more than answering). */
interface Slot {
  seq: number;
  build?: () => EntryFields;
  entry?: JournalEntry;
}

export class Journal {
  private slots: Slot[] = [];
  private seq = 0;

  constructor(private readonly capacity = 1000) {}

  /**
   * The one way in, whatever mounted the request (Express, a plain node:http pipeline): see entryFromExchange.
   * Give a function to defer building the entry until the journal is read.
   */
  record(entry: EntryFields | (() => EntryFields)): void {
    const seq = ++this.seq;
    this.slots.push(typeof entry === 'function' ? { seq, build: entry } : { seq, entry: { seq, ...entry } });
    if (this.slots.length > this.capacity) this.slots.splice(0, this.slots.length - this.capacity);
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
    const slot = this.slots.find((s) => s.seq === seq);
    return slot ? materialize(slot) : undefined;
  }

  get size(): number {
    return this.slots.length;
  }

  clear(): void {
    this.slots = [];
  }

  private entries(): JournalEntry[] {
    return this.slots.map(materialize);
  }
}

function materialize(slot: Slot): JournalEntry {
  if (!slot.entry) {
    slot.entry = { seq: slot.seq, ...(slot.build as () => EntryFields)() };
    slot.build = undefined;
  }
  return slot.entry;
}
