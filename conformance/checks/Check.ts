import type { Exchange } from '../client/Exchange.ts';
import type { RuleSource } from './RuleSource.ts';

/**
 * MUST: a rule the API description states; breaking it fails the run.
 * SHOULD: a rule of our own (x-inferred in the spec); a warning, a failure only with --strict.
 */
export type Severity = 'MUST' | 'SHOULD';

/** One broken rule, with what was expected, what came back and the exchange that shows it. */
export interface CheckFailure {
  check: string;
  severity: Severity;
  message: string;
  /** Where in the response (or request) the problem is, e.g. "response[3].createdAt". */
  path?: string;
  expected?: unknown;
  actual?: unknown;
  exchange: Exchange;
  /** Where the broken rule comes from; wins over its check's own source (checks with sub-rules). */
  source?: RuleSource;
}

/** A named, data-agnostic rule. `run` returns no failure when the rule holds. */
export interface Check<I> {
  name: string;
  description: string;
  /** Where the check's rule comes from. */
  source?: RuleSource;
  run(input: I): CheckFailure[];
}

export function defineCheck<I>(name: string, description: string, run: (input: I, fail: FailureFactory) => CheckFailure[]): Check<I> {
  const fail: FailureFactory = (severity, exchange, message, extra = {}) => ({ check: name, severity, message, ...extra, exchange });
  return { name, description, run: (input) => run(input, fail) };
}

export type FailureFactory = (
  severity: Severity,
  exchange: Exchange,
  message: string,
  extra?: Pick<CheckFailure, 'path' | 'expected' | 'actual'>,
) => CheckFailure;
