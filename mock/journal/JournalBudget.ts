/** What the budget needs of a journal: its bytes, and a way to drop its oldest entry. */
export interface BudgetedJournal {
  readonly bytes: number;
  readonly size: number;
  dropOldest(): void;
}

/**
 * All journals together hold at most this many bytes by default (bodies, headers, URL and a fixed overhead
 * per entry): a full journal of large answers is ~14 MB, and a thousand sessions must not take ~14 GB.
 */
export const DEFAULT_JOURNAL_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * One byte budget shared by every session's journal. When a new entry takes the total over it, the oldest
 * entries of the largest journals go first: a session that floods the mock loses its own history before a
 * quiet one loses any.
 */
export class JournalBudget {
  private readonly journals = new Set<BudgetedJournal>();
  private used = 0;

  constructor(readonly limit: number = DEFAULT_JOURNAL_BUDGET_BYTES) {}

  get total(): number {
    return this.used;
  }

  register(journal: BudgetedJournal): void {
    this.journals.add(journal);
  }

  /** A journal that goes (its session dropped) must have released its bytes first (charge of -bytes). */
  unregister(journal: BudgetedJournal): void {
    this.journals.delete(journal);
  }

  /** Called by a journal as its bytes change; over the limit, drops oldest entries of the largest journals. */
  charge(delta: number): void {
    this.used += delta;
    while (this.used > this.limit) {
      let largest: BudgetedJournal | undefined;
      for (const j of this.journals) if (j.size > 0 && (!largest || j.bytes > largest.bytes)) largest = j;
      if (!largest) return;
      // dropOldest charges the budget back (negative delta) through this same method; the loop re-checks.
      const before = this.used;
      largest.dropOldest();
      if (this.used >= before) return;
    }
  }
}
