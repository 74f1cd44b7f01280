import type { VerdictResult } from './certificate.ts';

export type { WaivedFailure, WaiverOutcome } from '../run/RunResult.ts';

/**
 * The run's result and why: "fail" when a case failed, a waiver expired or coverage is under --min-coverage;
 * else "incomplete" when the run's deadline left steps unfinished (what they would have shown is unknown);
 * else "pass".
 */
export interface Verdict {
  result: VerdictResult;
  reasons: string[];
}
