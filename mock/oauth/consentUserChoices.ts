import type { CommunityRecord, UserRecord } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import type { Stored } from '../store/Stored.ts';

export interface UserChoice {
  id: string;
  label: string;
}

export interface CommunityChoices {
  community: Stored<CommunityRecord>;
  users: UserChoice[];
  /** Active users not listed (beyond the per-role limit); they can still be picked by id. */
  omitted: number;
}

/** Most privileged first: the role a tester most often wants to log in as is near the top. */
const ROLE_ORDER = ['admin', 'coordenator', 'professor', 'guardian', 'student'] as const;

/** The role words shown next to a user, from rolesSet (the platform's own role flags). */
export function userRoles(user: Stored<UserRecord>): string[] {
  return ROLE_ORDER.filter((role) => user.rolesSet[role] === true);
}

/**
 * The users the consent page offers, grouped by community and ordered by role then name. A large data set
 * has thousands of students: only the first `perRole` of each role are listed, the rest are reachable by id;
 * the user named by `include` (the login_hint) is always listed, first in its community.
 */
export function consentUserChoices(store: Store, options: { include?: string; perRole?: number } = {}): CommunityChoices[] {
  const perRole = options.perRole ?? 15;
  return store
    .communities()
    .map((community) => {
      const active = store.users(community.id).filter((u) => u.active);
      const byRole = new Map<string, Stored<UserRecord>[]>();
      for (const user of active) {
        const role = userRoles(user)[0] ?? 'other';
        byRole.set(role, [...(byRole.get(role) ?? []), user]);
      }
      const label = (user: Stored<UserRecord>) => `${user.name} — ${userRoles(user).join(', ') || 'no role'} (${user.alias})`;
      const hinted = active.find((u) => u._id === options.include);
      const users: UserChoice[] = hinted ? [{ id: hinted._id, label: label(hinted) }] : [];
      for (const role of [...ROLE_ORDER, 'other']) {
        const inRole = (byRole.get(role) ?? []).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || (a._id < b._id ? -1 : 1));
        for (const user of inRole.slice(0, perRole)) if (user !== hinted) users.push({ id: user._id, label: label(user) });
      }
      return { community, users, omitted: active.length - users.length };
    })
    .filter((c) => c.users.length > 0);
}
