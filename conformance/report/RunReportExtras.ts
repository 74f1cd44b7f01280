import type { CheckFailure } from '../checks/Check.ts';
import type { Waiver } from '../plan/waivers.ts';
import type { VerdictResult } from './certificate.ts';

/** A failure a waiver covers: shown with the waiver's reason, never failing the run. */
export interface WaivedFailure extends CheckFailure {
  waiver: Waiver;
}

/** What the waivers file did in this run. */
export interface WaiverOutcome {
  /** Waivers that covered at least one failure, with how many. */
  applied: Array<{ waiver: Waiver; failures: number }>;
  /** Waivers past their date: they cover nothing and fail the run. */
  expired: Waiver[];
  /** Waivers that matched no failure: the rule may hold now, and the waiver can go. */
  stale: Waiver[];
}

/**
 * The run's result and why: "fail" when a case failed, a waiver expired or coverage is under --min-coverage;
 * else "incomplete" when the run's deadline left steps unfinished (what they would have shown is unknown);
 * else "pass".
 */
export interface Verdict {
  result: VerdictResult;
  reasons: string[];
}
