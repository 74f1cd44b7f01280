/**
 * The one place the MCP server calls the conformance suite: a run against a base URL, its verdict, and each
 * failure with a curl line that reproduces it. Kept apart so the call can follow the suite's public API.
 */
import type { CheckFailure } from '../../conformance/checks/Check.ts';
import type { Area, ConformConfig } from '../../conformance/config/ConformConfig.ts';
import { generateSettings } from '../../conformance/generate/GenerateSettings.ts';
import type { CaseResult, ProgressEvent } from '../../conformance/run/RunResult.ts';
import { runConformance } from '../../conformance/run/runConformance.ts';
import { UnreachableError } from '../../conformance/run/UnreachableError.ts';

export interface SuiteRun {
  config: ConformConfig;
  areas?: readonly Area[];
  seed: number;
  strict?: boolean;
  /** Random cases per operation of the generative phase (0: its coverage pass only). */
  generate?: number;
  deadlineMs: number;
  now: () => Date;
  onProgress?: (done: number, title: string) => void;
}

export interface SuiteFinding {
  area: string;
  case: string;
  check: string;
  severity: string;
  message: string;
  operationId?: string;
  status?: number;
  /** The request that shows it, as a curl command to paste. */
  curl: string;
  /** The rule it breaks: a sentence of the API description, or a heading of spec/DECISIONS.md. */
  rule?: string;
}

export interface SuiteVerdict {
  verdict: 'pass' | 'fail' | 'incomplete' | 'unreachable';
  baseUrl: string;
  seed: number;
  counts?: { passed: number; failed: number; skipped: number; warnings: number };
  requests?: number;
  durationMs?: number;
  incomplete?: string;
  reason?: string;
  failures: SuiteFinding[];
  warnings: SuiteFinding[];
  /** Findings left out of the lists above (each list is bounded). */
  omitted: number;
}

/** Findings listed per kind at most: a model reads the first ones; the counts say how many there were. */
const MAX_FINDINGS = 25;

export async function runSuite(run: SuiteRun): Promise<SuiteVerdict> {
  let done = 0;
  try {
    const result = await runConformance({
      config: run.config,
      ...(run.areas ? { areas: run.areas } : {}),
      seed: run.seed,
      strict: run.strict ?? false,
      now: run.now,
      deadlineMs: run.deadlineMs,
      // The curl lines carry the values given in the config, so they run as they are.
      showSecrets: true,
      ...(run.generate !== undefined ? { generate: generateSettings(run.generate) } : {}),
      onProgress: (event: ProgressEvent) => {
        if (event.type === 'case') run.onProgress?.(++done, `${event.result.area}: ${event.result.title}`);
      },
    });
    const findings = (kind: 'failures' | 'warnings') => result.cases.flatMap((c) => c[kind].map((f) => finding(c, f, result.redact)));
    const failures = findings('failures');
    const warnings = findings('warnings');
    return {
      // A failure found is a failure whatever did not finish; a run its deadline stopped never passes.
      verdict: result.counts.failed > 0 ? 'fail' : result.incomplete !== undefined ? 'incomplete' : result.conformant ? 'pass' : 'fail',
      baseUrl: result.baseUrl,
      seed: result.seed,
      counts: { passed: result.counts.passed, failed: result.counts.failed, skipped: result.counts.skipped, warnings: result.counts.warnings },
      requests: result.exchanges,
      durationMs: Math.round(result.durationMs),
      ...(result.incomplete !== undefined ? { incomplete: result.incomplete } : {}),
      failures: failures.slice(0, MAX_FINDINGS),
      warnings: warnings.slice(0, MAX_FINDINGS),
      omitted: Math.max(0, failures.length - MAX_FINDINGS) + Math.max(0, warnings.length - MAX_FINDINGS),
    };
  } catch (error) {
    if (!(error instanceof UnreachableError)) throw error;
    return { verdict: 'unreachable', baseUrl: error.baseUrl, seed: run.seed, reason: error.message, failures: [], warnings: [], omitted: 0 };
  }
}

function finding(c: CaseResult, f: CheckFailure, redact: (text: string) => string): SuiteFinding {
  return {
    area: c.area,
    case: c.title,
    check: f.check,
    severity: f.severity,
    message: redact(f.message).slice(0, 2000),
    ...(f.exchange.operationId ? { operationId: f.exchange.operationId } : {}),
    ...(f.exchange.response ? { status: f.exchange.response.status } : {}),
    curl: f.exchange.curl.slice(0, 8000),
    ...(f.source ? { rule: f.source.text } : {}),
  };
}
