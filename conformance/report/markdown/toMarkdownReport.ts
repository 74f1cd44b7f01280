import type { CheckFailure } from '../../checks/Check.ts';
import { failedSteps } from '../../run/countCases.ts';
import { setupLine } from '../../run/replayVariables.ts';
import { describeValue } from '../describeValue.ts';
import { forReport } from '../forReport.ts';
import type { ReportData } from '../Report.ts';
import type { CoverageFigure } from '../specCoverage/Coverage.ts';
import { summaryLine } from '../summaryLine.ts';
import { usedReplay } from '../usedReplay.ts';
import { markdownCode, markdownText } from './markdownText.ts';

/** GitHub cuts a pull-request comment at 65,536 characters (a job summary at 1 MiB): the report stays under both. */
export const MAX_MARKDOWN_CHARS = 60_000;
/** Failures shown in full; the rest are counted (the JSON and HTML reports hold them all). */
export const MAX_MARKDOWN_FAILURES = 40;

const HEADING = { pass: '✓ Conformant', fail: '✗ Not conformant', incomplete: '… Incomplete' } as const;

/**
 * The markdown summary (--markdown FILE), for a CI job summary or a pull-request comment: the verdict and its
 * reasons, the counts, each failure with its rule, expected and actual and a reproducer, and coverage. What the
 * target chose is escaped (markdownText, markdownCode) and bounded; secrets are redacted.
 */
export function toMarkdownReport(run: ReportData): string {
  const result = forReport(run);
  const out: string[] = [];
  out.push(`## ${HEADING[result.verdict.result]}: ${markdownText(result.baseUrl)}`, '');
  out.push(
    `**${summaryLine(result.counts)}** · profile ${markdownText(result.profile)} · seed ${result.seed}${result.strict ? ' · strict' : ''}${result.readOnly ? ' · read-only' : ''}`,
    '',
  );
  for (const reason of result.verdict.reasons) out.push(`- ${markdownText(reason)}`);
  if (result.verdict.reasons.length > 0) out.push('');

  const steps = failedSteps(result.cases);
  if (steps.length > 0) {
    out.push('### Failures', '');
    const used = usedReplay(result);
    if (used.length > 0) out.push('Paste this line first, then any reproducer below:', '', markdownCode(setupLine(used), 'sh'), '');
    const all = steps.flatMap((s) => s.case.failures.map((f) => ({ f, step: `${s.case.area} › ${s.case.title}` })));
    for (const { f, step } of all.slice(0, MAX_MARKDOWN_FAILURES)) out.push(...failure(f, step), '');
    if (all.length > MAX_MARKDOWN_FAILURES) out.push(`…and ${all.length - MAX_MARKDOWN_FAILURES} more failures (see the JSON or HTML report).`, '');
  }
  const warnings = result.cases.reduce((n, c) => n + c.warnings.length, 0);
  const waived = result.cases.reduce((n, c) => n + (c.waived?.length ?? 0), 0);
  if (warnings > 0 || waived > 0) out.push(`${warnings} SHOULD warning${warnings === 1 ? '' : 's'} · ${waived} waived failure${waived === 1 ? '' : 's'}`, '');
  // Found on operations the target does not claim (--operations, a profile file): counted, never judged.
  const unclaimed = result.unclaimed?.length ?? 0;
  if (unclaimed > 0) out.push(`${unclaimed} found on operations the target does not claim, not failing the run (see the JSON report's \`unclaimed\`)`, '');

  const c = result.coverage;
  out.push('### Coverage', '', '| figure | covered | total | percent |', '| --- | ---: | ---: | ---: |');
  for (const [name, figure] of [
    ['operations', c.operations],
    ['statuses', c.statuses],
    ['parameters', c.parameters],
    ['body keys', c.requestBodyKeys],
  ] as Array<[string, CoverageFigure]>)
    out.push(`| ${name} | ${figure.covered} | ${figure.total} | ${figure.percent}% |`);
  const missing = c.operations.notCovered.map((u) => `${u.operation} (${u.why})`);
  if (missing.length > 0) out.push('', `Operations not covered: ${markdownText(missing.join(', '), 2_000)}`);
  out.push(
    '',
    `<sub>${markdownText(`${result.certificate.suite.name} ${result.certificate.suite.version} · spec sha256 ${result.certificate.specSha256}`)}</sub>`,
    '',
  );
  return bounded(out.join('\n'));
}

function failure(f: CheckFailure, step: string): string[] {
  const lines = [
    `- **\\[${f.severity}\\] ${markdownText(f.check)}**${f.exchange.operationId ? ` on ${markdownText(f.exchange.operationId)}` : ''}: ${markdownText(f.message)}`,
    `  - step: ${markdownText(step)}`,
  ];
  if (f.source) lines.push(`  - rule: ${f.source.kind === 'description' ? 'the description' : 'our decision'}, ${markdownText(f.source.text)}`);
  if (f.path) lines.push(`  - at: ${markdownText(f.path)}`);
  if (f.expected !== undefined || f.actual !== undefined)
    lines.push(`  - expected: ${markdownText(describeValue(f.expected))}`, `  - actual: ${markdownText(describeValue(f.actual))}`);
  if (f.exchange.curl) lines.push('', indent(markdownCode(f.exchange.curl, 'sh')));
  return lines;
}

function indent(block: string): string {
  return block
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

/** Cut at a line boundary under the cap, saying so (a cut inside a code fence is closed by the note's own fence). */
function bounded(text: string): string {
  if (text.length <= MAX_MARKDOWN_CHARS) return text;
  const cut = text.slice(0, MAX_MARKDOWN_CHARS - 200);
  const head = cut.slice(0, cut.lastIndexOf('\n- '));
  return `${head}\n\n…cut at ${MAX_MARKDOWN_CHARS} characters (see the JSON or HTML report).\n`;
}
