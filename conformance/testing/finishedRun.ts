import { loadContract } from '../../spec/contract.ts';
import { findProfile } from '../plan/profiles.ts';
import { finishRun } from '../report/finishRun.ts';
import type { ReportData } from '../report/Report.ts';
import type { RunResult } from '../run/RunResult.ts';

/** A hand-made engine result finished as the run finishes it (profile platform, no waivers, a fixed clock); tests only. */
export function finishedRun(raw: RunResult): ReportData {
  return finishRun(raw, { contract: loadContract(), profile: findProfile('platform'), now: () => new Date('2026-03-02T09:00:01.000Z') });
}
