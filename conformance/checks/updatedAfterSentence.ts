import { stated } from './Check.ts';
import type { CheckFailure } from './Check.ts';
import type { RuleSource } from './RuleSource.ts';

/** Each data action's own sentence of the API description: endpoints 9 (users) and 10 (components). */
const SENTENCE: Record<string, string> = {
  getUpdatedUsers: "Provides the community's users, for a season, updated after a given instant.",
  getUpdatedComponents: "Provides the community's components, for a season, updated after a given instant.",
};

/** The "updated after a given instant" sentence of the data action the exchange called (users' by default). */
export function updatedAfterSentence(operationId: string | undefined): RuleSource {
  return stated(SENTENCE[operationId ?? ''] ?? (SENTENCE.getUpdatedUsers as string));
}

/** MUST failures cite the sentence of their own data action, not the other's. */
export function citeOwnDataAction(failures: CheckFailure[]): CheckFailure[] {
  return failures.map((f) => (f.severity === 'MUST' ? { ...f, source: updatedAfterSentence(f.exchange.operationId) } : f));
}
