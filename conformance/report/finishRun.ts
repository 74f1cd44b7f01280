import { existsSync, readFileSync } from 'node:fs';
import type { Contract } from '../../spec/contract.ts';
import { applyWaivers } from '../plan/applyWaivers.ts';
import type { Profile } from '../plan/profiles.ts';
import { describeWaiver, type Waiver } from '../plan/waivers.ts';
import type { RunResult } from '../run/RunResult.ts';
import { sha256Of, suiteIdentity, type VerdictResult } from './certificate.ts';
import { computeCoverage } from './specCoverage/computeCoverage.ts';
import type { Certificate } from './certificate.ts';
import type { ReportData } from './Report.ts';
import type { Verdict } from './RunReportExtras.ts';

export interface FinishOptions {
  contract: Contract;
  profile: Profile;
  waivers?: readonly Waiver[];
  /** Percent of the planned operations the run must cover (--min-coverage). */
  minCoverage?: number;
  /** The run's clock (injected): the end time, and the day waivers expire against. */
  now: () => Date;
  /** The spec's exact bytes (read from the contract's file by default). */
  specBytes?: Uint8Array;
  /** The recorded session a replay run sent (--replay): the certificate names it by its bytes. */
  replay?: Certificate['replay'];
}

/**
 * Turns a run's result into the one every reporter reads: waivers applied, coverage computed, the certificate
 * and the verdict attached. The run fails when a case fails, a waiver expired, or coverage is under the minimum;
 * it is incomplete, never passed, when its deadline (--timeout) left steps unfinished.
 */
export function finishRun(raw: RunResult, options: FinishOptions): ReportData {
  const now = options.now();
  const { result, outcome } = applyWaivers(raw, options.waivers ?? [], now);
  const coverage = computeCoverage(options.contract, result, { operations: options.profile.operations });
  const reasons: string[] = [];
  if (result.counts.failed > 0) reasons.push(`${result.counts.failed} case${result.counts.failed === 1 ? '' : 's'} failed`);
  for (const waiver of outcome.expired) reasons.push(`waiver expired: ${describeWaiver(waiver)}`);
  if (options.minCoverage !== undefined && coverage.operations.percent < options.minCoverage) {
    reasons.push(`operations coverage ${coverage.operations.percent}% is under --min-coverage ${options.minCoverage}%`);
  }
  // A failure found is a failure whatever else did not finish; a run stopped by its deadline never passes.
  const verdictResult: VerdictResult = reasons.length > 0 ? 'fail' : result.incomplete !== undefined ? 'incomplete' : 'pass';
  if (result.incomplete !== undefined) reasons.push(`incomplete: ${result.incomplete}`);
  const verdict: Verdict = { result: verdictResult, reasons };
  // A contract built in memory has no file: its document's JSON is then what the run judged against.
  const file = options.contract.file;
  const specBytes = options.specBytes ?? (existsSync(file) ? readFileSync(file) : Buffer.from(JSON.stringify(options.contract.document)));
  const { conformant: _engineOutcome, ...run } = result;
  return {
    ...run,
    profile: options.profile.name,
    coverage,
    ...(options.minCoverage !== undefined ? { minCoverage: options.minCoverage } : {}),
    waivers: outcome,
    verdict,
    certificate: {
      suite: suiteIdentity(),
      specSha256: sha256Of(specBytes),
      target: result.baseUrl,
      profile: options.profile.name,
      seed: result.seed,
      strict: result.strict,
      readOnly: result.readOnly,
      areas: result.areas,
      startedAt: result.startedAt,
      endedAt: now.toISOString(),
      counts: result.counts,
      operationsCoverage: coverage.operations.percent,
      waiversApplied: outcome.applied.map((a) => ({ ...a.waiver, failures: a.failures })),
      result: verdict.result,
      ...(options.replay ? { replay: options.replay } : {}),
    },
  };
}
