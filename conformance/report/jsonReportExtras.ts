import type { ReportData } from './Report.ts';

/** The JSON report's keys beyond the cases: profile, verdict, coverage, waivers and the certificate. */
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
  };
}
