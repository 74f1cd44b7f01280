/**
 * The one place the MCP server calls the conformance suite: a run against a base URL, its verdict, and each
 * failure with a curl line that reproduces it, through the suite's public API (conformance/api/runConformance.ts).
 */
import {
  type CaseResult,
  type CheckFailure,
  type ConformConfig,
  type Area,
  runConformance,
  UnreachableError,
  UsageError,
} from '../../conformance/api/runConformance.ts';
import { ToolRefusal } from './toolResult.ts';

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
  /** Why the verdict is what it is (failed cases, an expired waiver, the deadline). */
  reasons?: string[];
  /** Why no verdict could be given (nothing answered). */
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
  const { baseUrl, ...config } = run.config;
  try {
    const report = await runConformance({
      baseUrl,
      config,
      // Nothing of this process's environment (CONFORM_*) may change what is tested or where.
      env: {},
      ...(run.areas ? { areas: run.areas } : {}),
      seed: run.seed,
      strict: run.strict ?? false,
      timeout: run.deadlineMs / 1000,
      // The curl lines carry the values given in the config, so they run as they are.
      showSecrets: true,
      ...(run.generate !== undefined ? { generate: run.generate } : {}),
      onProgress: (event) => {
        if (event.type === 'case') run.onProgress?.(++done, `${event.result.area}: ${event.result.title}`);
      },
    });
    const findings = (kind: 'failures' | 'warnings') => report.cases.flatMap((c) => c[kind].map((f) => finding(c, f, report.redact)));
    const failures = findings('failures');
    const warnings = findings('warnings');
    return {
      verdict: report.verdict.result,
      ...(report.verdict.reasons.length ? { reasons: report.verdict.reasons } : {}),
      baseUrl: report.baseUrl,
      seed: report.seed,
      counts: { passed: report.counts.passed, failed: report.counts.failed, skipped: report.counts.skipped, warnings: report.counts.warnings },
      requests: report.exchanges,
      durationMs: Math.round(report.durationMs),
      ...(report.incomplete !== undefined ? { incomplete: report.incomplete } : {}),
      failures: failures.slice(0, MAX_FINDINGS),
      warnings: warnings.slice(0, MAX_FINDINGS),
      omitted: Math.max(0, failures.length - MAX_FINDINGS) + Math.max(0, warnings.length - MAX_FINDINGS),
    };
  } catch (error) {
    if (error instanceof UsageError) throw new ToolRefusal('invalid_request', error.message);
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
