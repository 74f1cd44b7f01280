import type { CheckFailure } from './Check.ts';

/** Examples kept in a grouped finding: enough to see the pattern, bounded whatever the target answers. */
export const MAX_EXAMPLES = 5;

/** A failure standing for every failure of its kind in a step, with the values tried as bounded examples. */
export interface GroupedFinding extends CheckFailure {
  /** How many failures of this kind the step found (1 when alone). */
  occurrences: number;
  /** The first MAX_EXAMPLES messages of its kind, the first included. */
  examples: string[];
}

/**
 * One bug shows as one finding per check and operation (and severity, and the rule it breaks), not one per
 * value tried: the first failure of each kind stands for the rest, which it counts and shows as examples.
 * Order is kept (the first of each kind, where it came).
 */
export function groupFindings(failures: readonly CheckFailure[], maxExamples = MAX_EXAMPLES): GroupedFinding[] {
  const kinds = new Map<string, GroupedFinding>();
  for (const failure of failures) {
    const key = [failure.check, failure.severity, failure.exchange?.operationId ?? '', failure.source?.text ?? ''].join('\u0000');
    const known = kinds.get(key);
    if (!known) {
      kinds.set(key, { ...failure, occurrences: 1, examples: [failure.message] });
      continue;
    }
    known.occurrences++;
    if (known.examples.length < maxExamples) known.examples.push(failure.message);
  }
  return [...kinds.values()].map((f) =>
    f.occurrences === 1
      ? f
      : {
          ...f,
          message: `${f.message} (and ${f.occurrences - 1} more of this kind on ${f.exchange?.operationId ?? 'this step'}, e.g. ${f.examples.slice(1).join('; ')})`,
        },
  );
}
