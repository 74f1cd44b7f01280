import type { Store } from '../store/Store.ts';
import type { SyncPlan } from './SyncPlan.ts';

/** Writes a plan that has no errors. Store writes cannot fail, so a plan is stored whole or not at all. */
export function commitSyncPlan(store: Store, plan: SyncPlan): void {
  if (plan.errors.length > 0) throw new Error('refusing to commit a sync plan with errors');
  for (const c of plan.components) store.putComponent(c);
  for (const u of plan.users) store.putUser(u);
  for (const m of plan.members) store.putMember(m);
  for (const g of plan.groups) store.putGroup(g);
  for (const id of plan.enrollmentsToDelete) store.deleteEnrollment(id);
  for (const e of plan.enrollmentsToAdd) store.putEnrollment(e);
}
