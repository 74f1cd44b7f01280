import type { Check, CheckFailure } from '../checks/Check.ts';
import type { StepContext } from '../step/StepContext.ts';

/**
 * Records failures a generated case found (and shrinking confirmed) on the step, unchanged: each keeps the
 * check that found it, its severity, its rule and the exchange of the smallest request that still fails.
 * They are recorded under their own check's name, so the reports group them with that check's others.
 */
export function reportGenerated(s: StepContext, failures: readonly CheckFailure[]): void {
  for (const name of new Set(failures.map((f) => f.check))) {
    const passthrough: Check<CheckFailure[]> = { name, description: 'failures of generated requests', rules: {}, run: (found) => found };
    s.check(
      passthrough,
      failures.filter((f) => f.check === name),
    );
  }
}
