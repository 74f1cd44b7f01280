import type { UnclaimedFinding } from '../plan/claimOperations.ts';
import type { RunResult } from '../run/RunResult.ts';
import type { Certificate } from './certificate.ts';
import type { Verdict, WaiverOutcome } from './RunReportExtras.ts';
import type { Coverage } from './specCoverage/Coverage.ts';

export type { Verdict, WaivedFailure, WaiverOutcome } from './RunReportExtras.ts';
export type { Certificate, VerdictResult } from './certificate.ts';

/**
 * A finished run as every reporter and the exit code read it: the steps (waivers applied), coverage, the
 * certificate (the replayed recording included) and the one `verdict`. The engine's own `conformant` is not
 * part of it: whether a run passes is decided once, by report/finishRun.ts, from everything here.
 */
export interface ReportData extends Omit<RunResult, 'conformant'> {
  /** pass, fail or incomplete, with the reasons: the one value the console, JSON, JUnit, HTML, markdown and exit code read. */
  verdict: Verdict;
  /** The test plan's name (--profile). */
  profile: string;
  coverage: Coverage;
  /** Percent of the planned operations required (--min-coverage). */
  minCoverage?: number;
  waivers: WaiverOutcome;
  certificate: Certificate;
  /** What the run found on operations the target does not claim (--operations, a profile file): never failing it. */
  unclaimed?: UnclaimedFinding[];
}

/** The report `runConformance` returns: its data, and each rendering of it (nothing is printed unless asked). */
export interface Report extends ReportData {
  /** The JSON report, as `--json FILE` writes it (secrets redacted). */
  toJson(): string;
  /** JUnit XML, as `--junit FILE` writes it. */
  toJUnit(): string;
  /** The self-contained HTML page, as `--html FILE` writes it. */
  toHtml(): string;
  /** The markdown summary, as `--markdown FILE` writes it: verdict, failures with their reproducers, coverage. */
  toMarkdown(): string;
  /** The console report, as the command line prints it. */
  toConsole(options?: { color?: boolean }): string;
}
