/** The phase's limits on a target: requests per operation and a global deadline (monotonic clock, injected). */
export interface Budget {
  /** Takes one request of the operation's allowance; false when the allowance or the time is spent. */
  take(operationId: string): boolean;
  /** Milliseconds left before the deadline (never negative). */
  remainingMs(): number;
  /** Requests sent so far, by operation. */
  readonly spent: ReadonlyMap<string, number>;
}

export function createBudget(perOperation: number, deadlineMs: number, monotonic: () => number): Budget {
  const deadline = monotonic() + deadlineMs;
  const spent = new Map<string, number>();
  return {
    spent,
    take(operationId) {
      const used = spent.get(operationId) ?? 0;
      if (used >= perOperation || monotonic() >= deadline) return false;
      spent.set(operationId, used + 1);
      return true;
    },
    remainingMs: () => Math.max(0, deadline - monotonic()),
  };
}
