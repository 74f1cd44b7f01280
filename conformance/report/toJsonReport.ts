import type { CheckFailure } from '../checks/Check.ts';
import type { GroupedFinding } from '../checks/groupFindings.ts';
import type { ReportData } from './Report.ts';
import { forReport } from './forReport.ts';
import { jsonReportExtras } from './jsonReportExtras.ts';
import { reportBody } from './reportBody.ts';
import { usedReplay } from './usedReplay.ts';
import { setupLine } from '../run/replayVariables.ts';

/** The machine-readable report (--json FILE): the whole result, secrets redacted. */
export function toJsonReport(run: ReportData): string {
  const result = forReport(run);
  const failure = (f: CheckFailure) => ({
    check: f.check,
    severity: f.severity,
    message: f.message,
    ...(f.path ? { path: f.path } : {}),
    ...(f.expected !== undefined ? { expected: f.expected } : {}),
    ...(f.actual !== undefined ? { actual: f.actual } : {}),
    ...(f.source ? { source: f.source } : {}),
    // One bug tried with several values is one finding: how many of its kind the step found, and a few.
    ...('occurrences' in f ? { occurrences: (f as GroupedFinding).occurrences, examples: (f as GroupedFinding).examples.map(result.redact) } : {}),
    exchange: {
      id: f.exchange.id,
      ...(f.exchange.operationId ? { operationId: f.exchange.operationId } : {}),
      request: f.exchange.request,
      ...(f.exchange.response
        ? { response: { status: f.exchange.response.status, headers: f.exchange.response.headers, body: reportBody(f.exchange.response) } }
        : {}),
      ...(f.exchange.error ? { error: f.exchange.error } : {}),
      durationMs: f.exchange.durationMs,
      curl: f.exchange.curl,
    },
  });
  const report = {
    baseUrl: result.baseUrl,
    seed: result.seed,
    strict: result.strict,
    readOnly: result.readOnly,
    areas: result.areas,
    startedAt: result.startedAt,
    durationMs: result.durationMs,
    requests: result.exchanges,
    // The verdict's yes or no, for readers of older reports: never decided apart from `verdict`.
    conformant: result.verdict.result === 'pass',
    ...(result.incomplete !== undefined ? { incomplete: result.incomplete } : {}),
    counts: result.counts,
    // The line to paste before any curl of this report (each variable, and where its value came from).
    ...(usedReplay(result).length ? { setup: setupLine(usedReplay(result)) } : {}),
    cases: result.cases.map((c) => ({
      area: c.area,
      title: c.title,
      status: c.status,
      ...(c.skipReason ? { skipReason: c.skipReason } : {}),
      operationIds: c.operationIds,
      requests: c.exchanges,
      durationMs: c.durationMs,
      failures: c.failures.map(failure),
      warnings: c.warnings.map(failure),
      ...(c.waived?.length ? { waived: c.waived.map((f) => ({ ...failure(f), waiver: f.waiver })) } : {}),
      ...(c.checks ? { checks: c.checks } : {}),
    })),
    ...jsonReportExtras(result),
  };
  return JSON.stringify(report, null, 2) + '\n';
}
