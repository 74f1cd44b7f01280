import type { CheckFailure } from '../checks/Check.ts';
import type { Exchange } from '../client/Exchange.ts';
import type { Area } from '../config/ConformConfig.ts';
import type { Waiver } from '../config/Waiver.ts';
import type { ReplayVariable } from './replayVariables.ts';
import type { RunCounts } from './RunCounts.ts';

export type { RunCounts } from './RunCounts.ts';

/** A failure a waiver covers: shown with the waiver's reason, never failing the run. */
export interface WaivedFailure extends CheckFailure {
  waiver: Waiver;
}

/** What the waivers file did in this run. */
export interface WaiverOutcome {
  /** Waivers that covered at least one failure, with how many. */
  applied: Array<{ waiver: Waiver; failures: number }>;
  /** Waivers past their date: they cover nothing and fail the run. */
  expired: Waiver[];
  /** Waivers that matched no failure: the rule may hold now, and the waiver can go. */
  stale: Waiver[];
}

/** One step of a scenario: the unit counted as passed, failed or skipped. */
export interface CaseResult {
  area: Area;
  title: string;
  status: 'passed' | 'failed' | 'skipped';
  /** What fails the case: MUST failures, and SHOULD ones under --strict. */
  failures: CheckFailure[];
  /** SHOULD failures outside --strict: reported, not failing. */
  warnings: CheckFailure[];
  skipReason?: string;
  /** Operations the step sent requests to. */
  operationIds: string[];
  exchanges: number;
  durationMs: number;
  /** Names of the checks the step ran (passing or not). */
  checks?: string[];
  /** Failures a waiver covers: reported, not failing. */
  waived?: WaivedFailure[];
}

export interface RunResult {
  baseUrl: string;
  seed: number;
  strict: boolean;
  readOnly: boolean;
  areas: Area[];
  startedAt: string;
  durationMs: number;
  cases: CaseResult[];
  counts: RunCounts;
  /** Requests sent. */
  exchanges: number;
  /** 429/503 answers with Retry-After that were waited out and retried (not failures). */
  backoff?: { retries: number; waitedMs: number };
  /**
   * The engine's own outcome: no step failed and the run finished. Not the verdict: waivers, --min-coverage and
   * expired waivers decide that too, once, in the Report (report/finishRun.ts), which every reporter reads.
   */
  conformant: boolean;
  /**
   * Why the run is incomplete, when its deadline (--timeout) left steps unfinished: the verdict is then
   * "incomplete" (exit 3) unless something failed, never "pass".
   */
  incomplete?: string;
  /** Every exchange the run recorded, in order (coverage is computed from them). */
  exchangeLog?: readonly Exchange[];
  /** Redacts every secret the run knew, for reporters that print request or response text. */
  redact(text: string): string;
  /** The variables reproducers may name, each with its origin and the shell expression that sets it. */
  replay?: ReplayVariable[];
  /** Requests answered 404: most of them means a wrong base URL. */
  notFound?: number;
  /** The user token obtained by the suite's own OAuth login (for --save-token); never in a report. */
  loginToken?: string;
}

export type ProgressEvent =
  | { type: 'start'; baseUrl: string; seed: number; areas: Area[]; strict: boolean; readOnly: boolean }
  | { type: 'scenario-start'; area: Area; title: string }
  | { type: 'case'; result: CaseResult }
  | { type: 'scenario-end'; area: Area; title: string; cases: CaseResult[]; durationMs: number };
