import type { CheckFailure } from '../checks/Check.ts';
import type { CaseResult } from '../run/RunResult.ts';
import type { ReportData } from './Report.ts';
import { failedSteps } from '../run/countCases.ts';
import { setupLine } from '../run/replayVariables.ts';
import { painter, type Paint } from './colors.ts';
import { describeValue } from './describeValue.ts';
import { formatReportExtras } from './formatReportExtras.ts';
import { offendingItem } from './offendingItem.ts';
import { summaryLine } from './summaryLine.ts';
import { forReport } from './forReport.ts';
import { terminalSafe } from './terminalSafe.ts';
import { usedReplay } from './usedReplay.ts';

export interface ConsoleOptions {
  /** ANSI colours (a TTY, NO_COLOR / FORCE_COLOR decided by the caller). */
  color?: boolean;
}

interface Entry {
  failure: CheckFailure;
  step: string;
}

/** One kind of failure: the same check, severity, operation and message but for array indices and values. */
function sameKind(entry: Entry): string {
  const f = entry.failure;
  const message = f.message
    .replace(/\b\d+ of \d+\b/g, '# of #')
    .replace(/\[\d+\]/g, '[*]')
    .replace(/\b(item|record|installation|hit) \d+/g, '$1 *')
    .replace(/"[^"]*"/g, '"…"');
  return [f.severity, f.check, f.exchange.operationId ?? '', message, (f.path ?? '').replace(/\[\d+\]/g, '[*]')].join('\u0000');
}

/**
 * The report after the run: failures then warnings, by operation, identical ones grouped (shown once,
 * with how many more and where); each with its check, rule source, JSON path, expected and actual, the
 * offending item of an array, and a curl line that runs after the setup line printed above them. Then
 * the areas, skipped steps, a hint when most requests were 404, and the summary line, last.
 */
export function formatConsoleReport(run: ReportData, options: ConsoleOptions = {}): string {
  // Redacted and neutralised value by value, before the colours (our own escapes) are added.
  const result = forReport(run, terminalSafe);
  const paint: Paint = painter(options.color === true);
  const lines: string[] = [''];
  const used = usedReplay(result);
  if (used.length > 0) {
    lines.push(paint('bold', 'Reproduce: paste this line first, then any "reproduce:" line below'));
    lines.push(`  ${setupLine(used)}`, '');
  }
  section(lines, paint, 'Failures', result.cases, (c) => c.failures, 'red');
  section(lines, paint, 'Warnings (SHOULD: rules of our own, failures under --strict)', result.cases, (c) => c.warnings, 'yellow');
  areas(lines, paint, result);
  const skipped = result.cases.filter((c) => c.status === 'skipped');
  if (skipped.length > 0) {
    lines.push(paint('bold', 'Skipped'));
    for (const c of skipped) lines.push(`  - ${c.area} › ${c.title}: ${c.skipReason}`);
    lines.push('');
  }
  const notFound = result.notFound ?? 0;
  if (result.exchanges >= 4 && notFound * 2 > result.exchanges) {
    lines.push(
      paint(
        'yellow',
        `${notFound} of ${result.exchanges} requests were answered 404: is the base URL right? (${result.baseUrl} should be the prefix of /v1/… and /v2/…)`,
      ),
      '',
    );
  }
  lines.push(...formatReportExtras(result));
  const backoff = result.backoff ? ` · ${result.backoff.retries} retried after 429/503 Retry-After (${result.backoff.waitedMs} ms waited)` : '';
  lines.push(`${result.exchanges} requests in ${result.durationMs} ms · seed ${result.seed}${result.strict ? ' · strict' : ''}${backoff}`);
  const summary = summaryLine(result.counts);
  // The last line is coloured by the one verdict; a run its deadline (or its caller) stopped says so there.
  const verdict = result.verdict.result;
  if (verdict === 'incomplete') lines.push(paint('yellow', `${summary} · INCOMPLETE: ${result.incomplete ?? result.verdict.reasons.join('; ')}`));
  else lines.push(verdict === 'fail' ? paint('red', summary) : paint('green', summary));
  return lines.join('\n');
}

function section(lines: string[], paint: Paint, title: string, cases: CaseResult[], pick: (c: CaseResult) => CheckFailure[], colour: 'red' | 'yellow'): void {
  const entries: Entry[] = cases.flatMap((c) => pick(c).map((failure) => ({ failure, step: `${c.area} › ${c.title}` })));
  if (entries.length === 0) return;
  lines.push(paint('bold', title), '');
  const byOperation = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = entry.failure.exchange.operationId ?? '(outside the spec operations)';
    byOperation.set(key, [...(byOperation.get(key) ?? []), entry]);
  }
  for (const [operation, group] of byOperation) {
    const first = group[0]?.failure.exchange.request;
    lines.push(paint('cyan', `${operation}${first?.method ? `  ${first.method} ${pathOf(first.url)}` : ''}`));
    const kinds = new Map<string, Entry[]>();
    for (const entry of group) kinds.set(sameKind(entry), [...(kinds.get(sameKind(entry)) ?? []), entry]);
    for (const same of kinds.values()) {
      const { failure, step } = same[0] as Entry;
      lines.push(`  ${paint(colour, `✗ [${failure.severity}] ${failure.check}`)}: ${failure.message}`);
      if (same.length > 1) {
        // Where the others are: their paths, or their steps when the path is the same each time.
        const paths = new Set(same.map((e) => e.failure.path ?? ''));
        const where = [...new Set(same.slice(1).map((e) => (paths.size > 1 ? (e.failure.path ?? e.step) : e.step)))].slice(0, 4);
        lines.push(
          paint(
            'gray',
            `      and ${same.length - 1} more like it${where.length ? ` (${where.join(', ')}${same.length - 1 > where.length ? ', …' : ''})` : ''}`,
          ),
        );
      }
      lines.push(`      step:      ${step}${countSteps(same)}`);
      if (failure.source)
        lines.push(
          `      rule:      ${failure.source.kind === 'description' ? `the description: "${failure.source.text}"` : `our decision, spec/DECISIONS.md › ${failure.source.text}`}`,
        );
      if (failure.path) lines.push(`      at:        ${failure.path}`);
      if (failure.expected !== undefined || failure.actual !== undefined) {
        lines.push(`      expected:  ${describeValue(failure.expected)}`);
        lines.push(`      actual:    ${describeValue(failure.actual)}`);
      }
      const res = failure.exchange.response;
      if (res) {
        const item = offendingItem(res.body, failure.path);
        lines.push(`      response:  ${res.status} ${item ?? describeValue(res.body ?? res.bodyText, 200)}`);
      } else if (failure.exchange.error) lines.push(`      error:     ${failure.exchange.error}`);
      if (failure.exchange.curl) lines.push(`      reproduce: ${failure.exchange.curl}`);
    }
    lines.push('');
  }
}

function countSteps(same: Entry[]): string {
  const steps = new Set(same.map((e) => e.step));
  return steps.size > 1 ? ` (and ${steps.size - 1} other step${steps.size === 2 ? '' : 's'})` : '';
}

/** One line per area: an area where every step was skipped says so, never "passed". */
function areas(lines: string[], paint: Paint, result: ReportData): void {
  const names = [...new Set(result.cases.map((c) => c.area))];
  if (names.length === 0) return;
  lines.push(paint('bold', 'Areas'));
  for (const area of names) {
    const cases = result.cases.filter((c) => c.area === area);
    const failed = failedSteps(cases).length;
    const passed = cases.filter((c) => c.status === 'passed').length;
    const skipped = cases.length - failed - passed;
    if (failed > 0) lines.push(`  ${paint('red', '✗')} ${area}: ${failed} failed, ${passed} passed${skipped ? `, ${skipped} skipped` : ''}`);
    else if (passed === 0) lines.push(`  ${paint('yellow', '–')} ${area}: not tested (every step skipped)`);
    else lines.push(`  ${paint('green', '✓')} ${area}: ${passed} passed${skipped ? `, ${skipped} skipped` : ''}`);
  }
  lines.push('');
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
