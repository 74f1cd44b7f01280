import type { SyncUpload } from '../../spec/openapi.d.ts';
import type { Rng } from '../../fixtures/rng.ts';
import type { Store } from '../store/Store.ts';
import { planComponents, type PlanContext, planMembers, planUsers } from './planEntities.ts';
import { planGroups } from './planGroups.ts';
import type { SyncPlan } from './SyncPlan.ts';

/**
 * Computes what an upload changes without writing anything. Entities go in dependency order (components
 * and users, then members that link users, then groups that link all three), so one upload can create a
 * whole class. Aliases are the keys: an entry without one, or one listed twice, is an error.
 */
export function planSyncUpload(input: { store: Store; community: string; now: string; rng: Rng; body: SyncUpload }): SyncPlan {
  const { body } = input;
  const plan: SyncPlan = {
    components: [],
    users: [],
    members: [],
    groups: [],
    enrollmentsToAdd: [],
    enrollmentsToDelete: [],
    errors: [],
    warnings: [],
    received: {
      groups: body.groups?.data?.length ?? 0,
      members: body.members?.data?.length ?? 0,
      users: body.users?.data?.length ?? 0,
      components: body.components?.data?.length ?? 0,
    },
  };
  for (const kind of ['groups', 'members', 'users', 'components'] as const) {
    const seen = new Map<string, number>();
    (body[kind]?.data ?? []).forEach((entry: { alias?: string }, i: number) => {
      if (entry.alias === undefined || entry.alias === '') {
        plan.errors.push({ in: 'body', path: `/${kind}/data/${i}/alias`, rule: 'required', message: 'is required: entities are matched by alias' });
      } else if (seen.has(entry.alias)) {
        plan.errors.push({
          in: 'body',
          path: `/${kind}/data/${i}/alias`,
          rule: 'uniqueItems',
          message: `"${entry.alias}" is listed twice (first at /${kind}/data/${seen.get(entry.alias)})`,
        });
      } else {
        seen.set(entry.alias, i);
      }
    });
  }
  if (plan.errors.length > 0) return plan;

  const ctx: PlanContext = { ...input, plan, users: new Map(), members: new Map(), components: new Map() };
  planComponents(ctx, body.components?.data ?? []);
  planUsers(ctx, body.users?.data ?? []);
  planMembers(ctx, body.members?.data ?? [], body.members?.removeUnlistedUsers === true);
  planGroups(ctx, body.groups?.data ?? [], body.groups ?? {});
  return plan;
}
