import type { RunCounts } from './RunCounts.ts';

/** What counting needs of a step: a run's CaseResult, or a case read back from a JSON report (conform:diff). */
export interface CountedCase {
  area: string;
  title: string;
  status: string;
  failures: ReadonlyArray<{ exchange?: { operationId?: string } }>;
  warnings?: readonly unknown[];
  waived?: readonly unknown[];
}

/** A failed step, named as every reporter names it, and the one operation it is counted under. */
export interface FailedStep<C extends CountedCase = CountedCase> {
  step: string;
  /** The operation of its first failure (the one JUnit's <failure> names), OUTSIDE_OPERATIONS when none. */
  operation: string;
  case: C;
}

/** Where a failure of no spec operation (the OAuth redirect, the base URL) is counted. */
export const OUTSIDE_OPERATIONS = '(outside the spec operations)';

/** A step's name in every report: "area › title". */
export function stepName(c: Pick<CountedCase, 'area' | 'title'>): string {
  return `${c.area} › ${c.title}`;
}

/**
 * The run's one unit of failure is the failed step (a JUnit testcase): the console, the JSON report, JUnit, the
 * HTML report (its counts and its operation badges) and conform:diff all count these, whatever number of rules
 * or operations a step broke. A SHOULD warning or a waived failure does not fail a step.
 */
export function failedSteps<C extends CountedCase>(cases: readonly C[]): Array<FailedStep<C>> {
  return cases
    .filter((c) => c.status === 'failed')
    .map((c) => ({ step: stepName(c), operation: c.failures[0]?.exchange?.operationId ?? OUTSIDE_OPERATIONS, case: c }));
}

/** The counts every reporter prints, from the cases alone; `waived` is counted once waivers were applied. */
export function countCases(cases: readonly CountedCase[], options: { waived?: boolean } = {}): RunCounts {
  return {
    passed: cases.filter((c) => c.status === 'passed').length,
    failed: failedSteps(cases).length,
    skipped: cases.filter((c) => c.status === 'skipped').length,
    warnings: cases.reduce((n, c) => n + (c.warnings?.length ?? 0), 0),
    ...(options.waived ? { waived: cases.reduce((n, c) => n + (c.waived?.length ?? 0), 0) } : {}),
  };
}
