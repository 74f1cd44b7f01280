import type { RunResult } from '../run/RunResult.ts';

/** The JSON report's keys beyond the cases: profile, verdict, coverage, waivers and the certificate. */
export function jsonReportExtras(result: RunResult): Record<string, unknown> {
  const extras = result.extras;
  if (!extras) return {};
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
