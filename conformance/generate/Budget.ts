/** The phase's limits on a target: requests per operation and a global deadline (monotonic clock, injected). */
export interface Budget {
  /** Takes one request of the operation's allowance; false when the allowance or the time is spent. */
  take(operationId: string): boolean;
  /**
   * Starts an operation's share of the time left: an equal part among the `remaining` operations (this one
   * included), so a slow target still gets every operation's coverage pass started, if not finished.
   */
  share(remaining: number): void;
  /** Milliseconds left before the deadline (never negative). */
  remainingMs(): number;
  /** Requests sent so far, by operation. */
  readonly spent: ReadonlyMap<string, number>;
}

export function createBudget(perOperation: number, deadlineMs: number, monotonic: () => number): Budget {
  const deadline = monotonic() + deadlineMs;
  const spent = new Map<string, number>();
  let shareEnds = deadline;
  return {
    spent,
    share(remaining) {
      const now = monotonic();
      shareEnds = now + Math.max(0, deadline - now) / Math.max(1, remaining);
    },
    take(operationId) {
      const used = spent.get(operationId) ?? 0;
      const now = monotonic();
      if (used >= perOperation || now >= deadline || now >= shareEnds) return false;
      spent.set(operationId, used + 1);
      return true;
    },
    remainingMs: () => Math.max(0, deadline - monotonic()),
  };
}
