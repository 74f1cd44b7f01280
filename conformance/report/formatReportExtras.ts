import { describeWaiver } from '../plan/waivers.ts';
import type { ReportData } from './Report.ts';
import type { CoverageFigure } from './specCoverage/Coverage.ts';

/** The console lines for waivers, coverage and the verdict, printed just before the closing summary. */
export function formatReportExtras(result: ReportData): string[] {
  const lines: string[] = [];
  const waived = result.cases.flatMap((c) => (c.waived ?? []).map((f) => ({ f, step: `${c.area} › ${c.title}` })));
  if (waived.length > 0) {
    lines.push('Waived (known failures, not failing the run)');
    for (const { f, step } of waived)
      lines.push(
        `  ~ [${f.severity}] ${f.check}${f.exchange.operationId ? ` on ${f.exchange.operationId}` : ''}: ${f.message}`,
        `      step:      ${step}`,
        `      waiver:    ${f.waiver.reason} (expires ${f.waiver.expires})`,
      );
    lines.push('');
  }
  if (result.unclaimed?.length) {
    // A partner is judged on what it claims (--operations, a profile file); what else was seen is said once, apart.
    lines.push(`Not claimed (${result.unclaimed.length} found on operations the target does not claim; not failing the run)`);
    for (const { step, failure: f } of result.unclaimed.slice(0, 20))
      lines.push(`  - [${f.severity}] ${f.check}${f.exchange.operationId ? ` on ${f.exchange.operationId}` : ''}: ${f.message} (${step})`);
    if (result.unclaimed.length > 20) lines.push(`  … and ${result.unclaimed.length - 20} more (the JSON report lists each)`);
    lines.push('');
  }
  if (result.waivers.expired.length > 0) {
    lines.push('Expired waivers (they waive nothing and fail the run)');
    for (const w of result.waivers.expired) lines.push(`  ✗ ${describeWaiver(w)}: ${w.reason}`);
    lines.push('');
  }
  if (result.waivers.stale.length > 0) {
    lines.push('Stale waivers (matched no failure: remove them)');
    for (const w of result.waivers.stale) lines.push(`  - ${describeWaiver(w)}: ${w.reason}`);
    lines.push('');
  }
  const c = result.coverage;
  lines.push(
    `Coverage (profile ${result.profile}): ${figure('operations', c.operations)} · ${figure('statuses', c.statuses)} · ${figure('parameters', c.parameters)} · ${figure('body keys', c.requestBodyKeys)}`,
  );
  const missingOps = c.operations.notCovered.map((u) => `${u.operation} (${u.why}: ${u.detail})`);
  if (missingOps.length > 0) lines.push(`  operations not covered: ${missingOps.join('; ')}`);
  for (const reason of result.verdict.reasons.filter((r) => !/cases? failed$/.test(r))) lines.push(`${reason.startsWith('incomplete:') ? '…' : '✗'} ${reason}`);
  return lines;
}

function figure(name: string, f: CoverageFigure): string {
  return `${name} ${f.covered}/${f.total} (${f.percent}%)`;
}
