import type { CheckFailure } from '../checks/Check.ts';
import type { CaseResult, RunResult, WaivedFailure, WaiverOutcome } from '../run/RunResult.ts';
import { countCases } from '../run/countCases.ts';
import { isExpired, type Waiver } from './waivers.ts';

/**
 * Moves the failures (and warnings) a live waiver covers into the case's `waived` list; a case left with no
 * failure passes. An expired waiver covers nothing (its failures fail again) and is reported as expired; a live
 * one that covered nothing is stale. The result is a new one: the given result is not changed.
 */
export function applyWaivers(result: RunResult, waivers: readonly Waiver[], now: Date): { result: RunResult; outcome: WaiverOutcome } {
  const expired = waivers.filter((w) => isExpired(w, now));
  const live = waivers.filter((w) => !isExpired(w, now));
  const uses = new Map<Waiver, number>(live.map((w) => [w, 0]));
  const match = (f: CheckFailure): Waiver | undefined =>
    live.find((w) => w.check === f.check && (w.operation === undefined || w.operation === f.exchange.operationId));

  const cases: CaseResult[] = result.cases.map((c) => {
    const waived: WaivedFailure[] = [...(c.waived ?? [])];
    const keep = (list: CheckFailure[]): CheckFailure[] =>
      list.filter((f) => {
        const waiver = match(f);
        if (!waiver) return true;
        uses.set(waiver, (uses.get(waiver) ?? 0) + 1);
        waived.push({ ...f, waiver });
        return false;
      });
    const failures = keep(c.failures);
    const warnings = keep(c.warnings);
    if (waived.length === 0) return c;
    const status = c.status === 'failed' && failures.length === 0 ? (c.skipReason !== undefined ? 'skipped' : 'passed') : c.status;
    return { ...c, status, failures, warnings, waived };
  });

  const counts = countCases(cases, { waived: true });
  return {
    result: { ...result, cases, counts, conformant: counts.failed === 0 && result.incomplete === undefined },
    outcome: {
      applied: live.filter((w) => (uses.get(w) ?? 0) > 0).map((waiver) => ({ waiver, failures: uses.get(waiver) ?? 0 })),
      expired,
      stale: live.filter((w) => uses.get(w) === 0),
    },
  };
}
