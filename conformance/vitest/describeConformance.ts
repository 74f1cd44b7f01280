import { describe, it, type TestContext } from 'vitest';
import type { ConformanceOptions } from '../api/ConformanceOptions.ts';
import { runConformance } from '../api/runConformance.ts';
import { describeValue } from '../report/describeValue.ts';
import type { Report } from '../report/Report.ts';
import { conformanceTests, failureMessage, type CheckTest } from './conformanceTests.ts';

export type { ConformanceOptions, ProfileName } from '../api/ConformanceOptions.ts';
export type { Report } from '../api/runConformance.ts';

export interface DescribeConformanceOptions extends ConformanceOptions {
  /** The name of the suite in vitest's output ("conformance" by default). */
  name?: string;
  /** Called with the finished report (to write it: report.toJson(), toJUnit(), toHtml(), toMarkdown()). */
  onReport?: (report: Report) => void | Promise<void>;
}

/** A failed check as vitest shows it: the message with every failure, and the first one's expected and actual as a diff. */
class ConformanceFailure extends Error {
  readonly expected?: string;
  readonly actual?: string;
  constructor(test: CheckTest, setup: string) {
    super(failureMessage(test, setup));
    this.name = 'ConformanceFailure';
    const first = test.failures[0]?.failure;
    if (first && (first.expected !== undefined || first.actual !== undefined)) {
      this.expected = describeValue(first.expected, 2_000);
      this.actual = describeValue(first.actual, 2_000);
    }
    // The stack would point into the suite: the message is the whole story.
    this.stack = `${this.name}: ${this.message}`;
  }
}

/**
 * Registers a conformance run as vitest tests, in a partner's own test file: the run happens while vitest
 * collects the file, then each operation is a `describe` and each check that ran on it a test, failing with
 * its expected, actual and reproducer (`vitest -t listGroups` selects an operation). A SHOULD warning or a
 * waived failure passes, annotated; `strict: true` makes warnings fail. A last test, "verdict", holds the run's
 * one verdict (an expired waiver, --min-coverage, an incomplete run fail it too).
 */
export function describeConformance(options: DescribeConformanceOptions): void {
  const { name, onReport, ...runOptions } = options;
  describe(name ?? 'conformance', async () => {
    const report = await runConformance(runOptions);
    await onReport?.(report);
    const tests = conformanceTests(report);
    for (const { operation, checks } of tests.operations) {
      describe(operation, () => {
        for (const test of checks) {
          it(test.check, (ctx) => {
            if (test.failures.length > 0) throw new ConformanceFailure(test, tests.setup);
            for (const { failure } of test.warnings) annotate(ctx, `warning [${failure.severity}] ${failure.message}`);
            for (const { failure } of test.waived) annotate(ctx, `waived (${failure.waiver.reason}, until ${failure.waiver.expires}): ${failure.message}`);
          });
        }
      });
    }
    for (const step of tests.skipped) it.skip(step, () => undefined);
    it('verdict', () => {
      if (report.verdict.result !== 'pass')
        throw new Error(`${report.verdict.result}: ${report.verdict.reasons.join('; ')} (seed ${report.seed}, ${report.baseUrl})`);
    });
  });
}

/** vitest 3.2 and later show a test's annotations in their reporters; earlier ones have none. */
function annotate(ctx: TestContext, message: string): void {
  const maybe = ctx as TestContext & { annotate?: (message: string, type?: string) => Promise<unknown> };
  void maybe.annotate?.(message, 'notice');
}
