import type { Fault } from '../faults/Fault.ts';
import type { Session } from './Session.ts';

/**
 * The faults a request of `operationId` gets: the ones switched on for every request, and those of the rules
 * that match it (PUT /__mock/faults with operationId / times), each rule using up one of its requests.
 */
export function activeFaults(session: Pick<Session, 'faults' | 'faultRules'>, catalog: readonly Fault[], operationId: string): Fault[] {
  if (session.faults.size === 0 && session.faultRules.size === 0) return [];
  const names = new Set(session.faults);
  for (const scoped of session.faultRules.take(operationId)) for (const name of scoped) names.add(name);
  return catalog.filter((f) => names.has(f.name) && (!f.operations || f.operations.includes(operationId)));
}
