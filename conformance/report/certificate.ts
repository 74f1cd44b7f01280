import type { Waiver } from '../plan/waivers.ts';
import type { RunCounts } from '../run/RunCounts.ts';

/** A run's result: "incomplete" when its deadline (--timeout) left steps unfinished and nothing failed. */
export type VerdictResult = 'pass' | 'fail' | 'incomplete';

/** What was tested, against which version of the contract, with which outcome: the JSON report's `certificate`. */
export interface Certificate {
  suite: { name: string; version: string };
  /** sha256 of the exact bytes of spec/openapi.yaml the run judged against. */
  specSha256: string;
  target: string;
  profile: string;
  seed: number;
  strict: boolean;
  readOnly: boolean;
  areas: string[];
  /** The operations the target claimed (--operations, a profile file); absent: every operation of the profile. */
  operations?: string[];
  startedAt: string;
  endedAt: string;
  counts: RunCounts;
  /** Operations coverage, in percent. */
  operationsCoverage: number;
  waiversApplied: Array<Waiver & { failures: number }>;
  result: VerdictResult;
  /** The recorded session a replay run sent (--replay), by its exact bytes. */
  replay?: { har: string; sha256: string; calls: number; leftOut: Record<string, number> };
}

export { suiteIdentity } from '../suiteIdentity.ts';
export { sha256Of } from '../sha256Of.ts';
