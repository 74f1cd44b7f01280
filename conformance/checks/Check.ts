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
  /** The rule this failure breaks; wins over its check's own source (for checks with sub-rules). */
  source?: RuleSource;
}

/** A named, data-agnostic rule. `run` returns no failure when the rule holds. */
export interface Check<I> {
  name: string;
  description: string;
  /** The check's main rule (its MUST when it has one). */
  source?: RuleSource;
  /** Every rule the check applies, by severity: what a failure of that severity rests on by default. */
  rules: CheckRules;
  run(input: I): CheckFailure[];
}

/** The sources of a check's MUST and SHOULD rules. */
export interface CheckRules {
  MUST?: RuleSource;
  SHOULD?: RuleSource;
}

/** A sentence of the API description, quoted. */
export const stated = (text: string): RuleSource => ({ kind: 'description', text });
/** A heading of spec/DECISIONS.md. */
export const decided = (heading: string): RuleSource => ({ kind: 'decision', text: heading });

/**
 * Defines a check. A failure rests on the rule of its severity (`rules`) unless it names its own source.
 */
export function defineCheck<I>(name: string, description: string, rules: CheckRules, run: (input: I, fail: FailureFactory) => CheckFailure[]): Check<I> {
  const fail: FailureFactory = (severity, exchange, message, extra = {}) => {
    const source = extra.source ?? rules[severity] ?? rules.MUST ?? rules.SHOULD;
    return { check: name, severity, message, ...extra, exchange, ...(source ? { source } : {}) };
  };
  const source = rules.MUST ?? rules.SHOULD;
  return { name, description, rules, ...(source ? { source } : {}), run: (input) => run(input, fail) };
}

export type FailureFactory = (
  severity: Severity,
  exchange: Exchange,
  message: string,
  extra?: Pick<CheckFailure, 'path' | 'expected' | 'actual' | 'source'>,
) => CheckFailure;
