/** The last requests the mock received, newest last, for `GET /__mock/journal` (WireMock's request journal). */
export interface JournalEntry {
  seq: number;
  at: string;
  method: string;
  url: string;
  operationId?: string;
  status: number;
  durationMs: number;
  /** Set when the mock's own answer broke the contract (should never happen). */
  violations?: string[];
}

export class Journal {
  private entries: JournalEntry[] = [];
  private seq = 0;

  constructor(private readonly capacity = 1000) {}

  record(entry: Omit<JournalEntry, 'seq'>): void {
    this.entries.push({ seq: ++this.seq, ...entry });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(filter: { limit?: number; operationId?: string; since?: number } = {}): JournalEntry[] {
    let out = this.entries;
    if (filter.operationId) out = out.filter((e) => e.operationId === filter.operationId);
    if (filter.since !== undefined) out = out.filter((e) => e.seq > (filter.since as number));
    return out.slice(-(filter.limit ?? this.capacity));
  }

  get size(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
  }
}
