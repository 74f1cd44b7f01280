import type { CheckFailure } from '../checks/Check.ts';
import { OUTSIDE_OPERATIONS, stepName } from '../run/countCases.ts';
import { setupLine } from '../run/replayVariables.ts';
import { describeValue } from '../report/describeValue.ts';
import { forReport } from '../report/forReport.ts';
import type { ReportData, WaivedFailure } from '../report/Report.ts';
import { terminalSafe } from '../report/terminalSafe.ts';
import { usedReplay } from '../report/usedReplay.ts';

/** One check on one operation, as one test: what failed it, what it only warned of, what a waiver covered. */
export interface CheckTest {
  check: string;
  failures: Array<{ failure: CheckFailure; step: string }>;
  warnings: Array<{ failure: CheckFailure; step: string }>;
  waived: Array<{ failure: WaivedFailure; step: string }>;
}

export interface OperationTests {
  operation: string;
  checks: CheckTest[];
}

/** The tests of a finished run: per operation (in the order the run first met it), each check that ran on it. */
export interface ConformanceTests {
  operations: OperationTests[];
  /** Steps that did not run, with why: vitest shows them as skipped. */
  skipped: string[];
  /** The line to paste before any reproducer the failures show (empty when none needs a variable). */
  setup: string;
}

/**
 * Groups a report into tests, one per operation and check: a check is listed under each operation of a step
 * that ran it, and under the operation of each failure, warning or waived failure it found. Values are redacted
 * and terminal controls neutralised (the test runner prints them).
 */
export function conformanceTests(report: ReportData): ConformanceTests {
  const data = forReport(report, terminalSafe);
  const byOperation = new Map<string, Map<string, CheckTest>>();
  const slot = (operation: string, check: string): CheckTest => {
    const checks = byOperation.get(operation) ?? new Map<string, CheckTest>();
    byOperation.set(operation, checks);
    const test = checks.get(check) ?? { check, failures: [], warnings: [], waived: [] };
    checks.set(check, test);
    return test;
  };
  const opOf = (f: CheckFailure): string => f.exchange.operationId ?? OUTSIDE_OPERATIONS;
  for (const c of data.cases) {
    if (c.status === 'skipped' && c.failures.length === 0) continue;
    const step = stepName(c);
    for (const operation of c.operationIds) for (const check of c.checks ?? []) slot(operation, check);
    for (const failure of c.failures) slot(opOf(failure), failure.check).failures.push({ failure, step });
    for (const failure of c.warnings) slot(opOf(failure), failure.check).warnings.push({ failure, step });
    for (const failure of c.waived ?? []) slot(opOf(failure), failure.check).waived.push({ failure, step });
  }
  const used = usedReplay(data);
  return {
    operations: [...byOperation].map(([operation, checks]) => ({ operation, checks: [...checks.values()] })),
    skipped: data.cases.filter((c) => c.status === 'skipped' && c.failures.length === 0).map((c) => `${stepName(c)}: ${c.skipReason ?? ''}`),
    setup: used.length > 0 ? setupLine(used) : '',
  };
}

/** At most this many failures of one test are shown in full; the rest are counted. */
const SHOWN = 5;

/** A failing test's message: each failure with its rule, path, expected, actual and the curl line to reproduce it. */
export function failureMessage(test: CheckTest, setup: string): string {
  const lines: string[] = [];
  for (const { failure: f, step } of test.failures.slice(0, SHOWN)) {
    lines.push(`[${f.severity}] ${f.check}: ${f.message}`, `  step:      ${step}`);
    if (f.source)
      lines.push(
        `  rule:      ${f.source.kind === 'description' ? `the description: "${f.source.text}"` : `our decision, spec/DECISIONS.md › ${f.source.text}`}`,
      );
    if (f.path) lines.push(`  at:        ${f.path}`);
    if (f.expected !== undefined || f.actual !== undefined) lines.push(`  expected:  ${describeValue(f.expected)}`, `  actual:    ${describeValue(f.actual)}`);
    if (f.exchange.response)
      lines.push(`  response:  ${f.exchange.response.status} ${describeValue(f.exchange.response.body ?? f.exchange.response.bodyText, 200)}`);
    else if (f.exchange.error) lines.push(`  error:     ${f.exchange.error}`);
    if (f.exchange.curl) lines.push(`  reproduce: ${f.exchange.curl}`);
  }
  if (test.failures.length > SHOWN) lines.push(`…and ${test.failures.length - SHOWN} more failures of ${test.check}`);
  if (setup && lines.some((l) => l.startsWith('  reproduce:'))) lines.unshift(`setup (paste first): ${setup}`);
  return lines.join('\n');
}
