/**
 * The phase's limit on a target: requests per operation, counted. Never elapsed time: which cases run is then
 * decided by the seed and the counts alone, so two runs with the same seed send the same cases on any machine,
 * however loaded. The run's own deadline (--timeout) may still stop a run; that run is then "incomplete".
 */
export interface Budget {
  /** Takes one request of the operation's allowance; false when the allowance is spent. */
  take(operationId: string): boolean;
  /** Requests sent so far, by operation. */
  readonly spent: ReadonlyMap<string, number>;
}

export function createBudget(perOperation: number): Budget {
  const spent = new Map<string, number>();
  return {
    spent,
    take(operationId) {
      const used = spent.get(operationId) ?? 0;
      if (used >= perOperation) return false;
      spent.set(operationId, used + 1);
      return true;
    },
  };
}
