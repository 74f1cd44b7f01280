import type { ReplayVariable } from '../run/replayVariables.ts';
import type { RunResult } from '../run/RunResult.ts';

/**
 * The replay variables some printed reproducer names: the setup line sets only these, so it never stops on
 * a variable no reproducer needs (a `${VAR:?…}` for a user token the run's failures never use).
 */
export function usedReplay(result: Pick<RunResult, 'cases' | 'replay'>): ReplayVariable[] {
  const curls = result.cases.flatMap((c) => [...c.failures, ...c.warnings, ...(c.waived ?? [])].map((f) => f.exchange.curl));
  return (result.replay ?? []).filter((v) => curls.some((curl) => new RegExp(`\\$\\{?${v.name}\\b`).test(curl)));
}
