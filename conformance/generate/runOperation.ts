import type { CheckFailure } from '../checks/Check.ts';
import type { StepContext } from '../step/StepContext.ts';
import type { Budget } from './Budget.ts';
import { isBound } from './OperationTarget.ts';
import type { GenerateSettings } from './GenerateSettings.ts';
import { judgeCase, type Learned } from './judgeCase.ts';
import type { GeneratedCase } from './RequestDraft.ts';
import { shrinkCase } from './shrinkCase.ts';

/** Requests one shrink may spend. */
const SHRINK_TRIES = 24;

export interface OperationOutcome {
  /** Distinct failures (one per check and verdict), each shrunk and annotated with its case id. */
  failures: CheckFailure[];
  sent: number;
  /** Cases not sent because the operation's request budget ran out. */
  unsent: number;
}

/**
 * Sends the cases of one operation in order, within the budget. A failure is reported once per kind (its
 * check and whether the request was valid), from the first case that showed it, shrunk to the smallest
 * request that still fails the same check; later cases of the same kind only count. `phase` is the engine's
 * context the phase sends through: each case is judged aside from the step, which reports what this returns.
 */
export async function runOperation(
  phase: StepContext,
  cases: readonly GeneratedCase[],
  learned: Learned,
  budget: Budget,
  settings: GenerateSettings,
  pinned: readonly string[] = [],
): Promise<OperationOutcome> {
  const kinds = new Map<string, { failure: CheckFailure; more: number }>();
  let sent = 0;
  let shrunk = 0;
  for (const [index, item] of cases.entries()) {
    if (!budget.take(item.draft.operationId)) return { failures: finish(kinds), sent, unsent: cases.length - index };
    sent++;
    const judged = await judgeCase(phase, item.draft, learned);
    for (const failure of judged.failures) {
      const kind = `${failure.check}|${judged.valid}`;
      const known = kinds.get(kind);
      if (known) {
        known.more++;
        continue;
      }
      let final = failure;
      let note = '';
      if (shrunk < settings.shrinkPerOperation) {
        shrunk++;
        const last: { failure?: CheckFailure } = {};
        const result = await shrinkCase(
          item.draft,
          async (draft) => {
            if (!budget.take(draft.operationId)) return false;
            const again = await judgeCase(phase, draft, learned);
            const same = again.valid === judged.valid ? again.failures.find((f) => f.check === failure.check) : undefined;
            if (same) last.failure = same;
            return same !== undefined;
          },
          SHRINK_TRIES,
          (pointer) => isBound(pointer, pinned),
        );
        if (last.failure && result.draft !== item.draft) {
          final = last.failure;
          note = `, shrunk in ${result.tries} requests`;
        }
      }
      kinds.set(kind, { failure: annotate(final, item, phase.seed, note), more: 0 });
    }
  }
  return { failures: finish(kinds), sent, unsent: 0 };
}

function annotate(failure: CheckFailure, item: GeneratedCase, seed: number, note: string): CheckFailure {
  return {
    ...failure,
    message: `${failure.message} [generated case ${item.id}: ${item.varies.join('; ')}${note}; replay: --seed ${seed} --replay-case ${item.id}]`,
  };
}

function finish(kinds: Map<string, { failure: CheckFailure; more: number }>): CheckFailure[] {
  return [...kinds.values()].map(({ failure, more }) =>
    more > 0 ? { ...failure, message: `${failure.message} (and ${more} more generated case${more === 1 ? '' : 's'} of this kind)` } : failure,
  );
}
