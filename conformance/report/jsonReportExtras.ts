import type { ReportData } from './Report.ts';

/** The JSON report's keys beyond the cases: profile, verdict, coverage, waivers, the certificate, what was found unclaimed. */
export function jsonReportExtras(extras: ReportData): Record<string, unknown> {
  return {
    profile: extras.profile,
    verdict: extras.verdict,
    coverage: extras.coverage,
    ...(extras.minCoverage !== undefined ? { minCoverage: extras.minCoverage } : {}),
    waivers: {
      applied: extras.waivers.applied.map((a) => ({ ...a.waiver, failures: a.failures })),
      expired: extras.waivers.expired,
      stale: extras.waivers.stale,
    },
    certificate: extras.certificate,
    // Found on operations the target does not claim: listed for the reader, never failing the run.
    ...(extras.unclaimed?.length
      ? {
          unclaimed: extras.unclaimed.map(({ step, failure }) => ({
            step,
            check: failure.check,
            severity: failure.severity,
            ...(failure.exchange.operationId ? { operation: failure.exchange.operationId } : {}),
            message: extras.redact(failure.message),
          })),
        }
      : {}),
  };
}
