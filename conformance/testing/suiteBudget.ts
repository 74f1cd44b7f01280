/**
 * How long one whole run of the suite against a local target may take before a test calls it hung: a guard
 * against a hang, never a speed test. A loaded machine runs the suite slower, not wrong, so no verdict of a
 * whole-suite test may rest on a tighter wall-clock budget; what such a test bounds is counts (requests, cases).
 */
export const SUITE_RUN_GUARD_MS = 300_000;

/** A whole-suite test's budget: `runs` runs of the suite plus one more guard for its targets' start and stop. */
export function suiteBudget(runs: number): number {
  return (runs + 1) * SUITE_RUN_GUARD_MS;
}

/** The test files that run the whole suite (vitest.config.ts's e2e tier): each budget of theirs is suiteBudget's. */
export const WHOLE_SUITE_TESTS = [
  'conformance/selfTest.test.ts',
  'conformance/sessionsSelfTest.test.ts',
  'conformance/report/reportFlags.test.ts',
  'conformance/plan/profiles.test.ts',
  'conformance/seedVerdicts.test.ts',
  'conformance/generate/inputFaults.test.ts',
  'conformance/boundedRun.test.ts',
  'conformance/ciJob.test.ts',
  'mock/node/mountsConform.test.ts',
] as const;
