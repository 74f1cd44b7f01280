import type { CheckFailure } from '../checks/Check.ts';
import type { CaseResult, RunResult } from '../run/RunResult.ts';
import { describeValue } from './describeValue.ts';
import { formatReportExtras } from './formatReportExtras.ts';
import { summaryLine } from './summaryLine.ts';

/**
 * The report after the run: failures then warnings, grouped by operation, each with its check, JSON path,
 * expected and actual values and a curl line; then skipped steps and the summary line, alone at the end.
 */
export function formatConsoleReport(result: RunResult): string {
  const lines: string[] = [''];
  const section = (title: string, pick: (c: CaseResult) => CheckFailure[]): void => {
    const entries = result.cases.flatMap((c) => pick(c).map((failure) => ({ failure, step: `${c.area} › ${c.title}` })));
    if (entries.length === 0) return;
    lines.push(title, '');
    const byOperation = new Map<string, typeof entries>();
    for (const entry of entries) {
      const key = entry.failure.exchange.operationId ?? '(outside the spec operations)';
      byOperation.set(key, [...(byOperation.get(key) ?? []), entry]);
    }
    for (const [operation, group] of byOperation) {
      const first = group[0]?.failure.exchange.request;
      lines.push(`${operation}${first?.method ? `  ${first.method} ${pathOf(first.url)}` : ''}`);
      for (const { failure, step } of group) {
        lines.push(`  ✗ [${failure.severity}] ${failure.check}: ${failure.message}`);
        lines.push(`      step:      ${step}`);
        if (failure.path) lines.push(`      at:        ${failure.path}`);
        if (failure.expected !== undefined || failure.actual !== undefined) {
          lines.push(`      expected:  ${describeValue(failure.expected)}`);
          lines.push(`      actual:    ${describeValue(failure.actual)}`);
        }
        if (failure.exchange.response) lines.push(`      response:  ${failure.exchange.response.status} ${describeValue(failure.exchange.response.body ?? failure.exchange.response.bodyText, 200)}`);
        if (failure.exchange.curl) lines.push(`      reproduce: ${failure.exchange.curl}`);
      }
      lines.push('');
    }
  };
  section('Failures', (c) => c.failures);
  section('Warnings (SHOULD: rules of our own, failures under --strict)', (c) => c.warnings);
  const skipped = result.cases.filter((c) => c.status === 'skipped');
  if (skipped.length > 0) {
    lines.push('Skipped');
    for (const c of skipped) lines.push(`  - ${c.area} › ${c.title}: ${c.skipReason}`);
    lines.push('');
  }
  lines.push(...formatReportExtras(result));
  lines.push(`${result.exchanges} requests in ${result.durationMs} ms · seed ${result.seed}${result.strict ? ' · strict' : ''}`);
  lines.push(summaryLine(result.counts));
  return result.redact(lines.join('\n'));
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname;
  } catch {
    return url;
  }
}
