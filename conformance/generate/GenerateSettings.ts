/**
 * How much the generative phase may send, and what it replays: counts only, so the seed and these numbers
 * alone decide which cases run (no wall-clock share: a loaded machine sends the same cases as an idle one).
 */
export interface GenerateSettings {
  /** Random cases per operation (--generate N); the coverage pass comes on top, within the budget. */
  casesPerOperation: number;
  /** At most this many requests per operation, shrinking included: a partner's target is not a load test. */
  perOperationBudget: number;
  /** At most this many failures per operation are shrunk (each costs requests). */
  shrinkPerOperation: number;
  /** Replays only this case (--replay-case), with the run's seed. */
  replayCase?: string;
  /** The operations the target claims (--operations): no case is sent to another. */
  operations?: readonly string[];
}

export const DEFAULT_GENERATE: GenerateSettings = {
  casesPerOperation: 25,
  perOperationBudget: 160,
  shrinkPerOperation: 3,
};

/** The settings for --generate N (N random cases per operation; the budget grows with N). */
export function generateSettings(cases?: number, replayCase?: string): GenerateSettings {
  const n = cases ?? DEFAULT_GENERATE.casesPerOperation;
  return {
    ...DEFAULT_GENERATE,
    casesPerOperation: n,
    perOperationBudget: Math.max(DEFAULT_GENERATE.perOperationBudget, 120 + n * 2),
    ...(replayCase !== undefined ? { replayCase } : {}),
  };
}
