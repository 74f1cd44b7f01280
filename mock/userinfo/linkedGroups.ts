import type { GroupSummary } from '../../spec/openapi.d.ts';
import type { GroupRecord, MemberRecord, UserRecord } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import { presentGroupSummary } from './presentGroupSummary.ts';
import type { Stored } from '../store/Stored.ts';

/** Active groups only (a group with active false is deleted), oldest first, ties by id: a stable answer. */
const byCreation = (a: Stored<GroupRecord>, b: Stored<GroupRecord>) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/** The active groups a member is enrolled in, each with its enrollment. */
export function memberGroups(store: Store, member: Stored<MemberRecord>): GroupSummary[] {
  return store
    .enrollmentsOfMember(member._id)
    .map((enrollment) => ({ enrollment, group: store.group(member.community, enrollment.group) }))
    .filter((e): e is { enrollment: typeof e.enrollment; group: Stored<GroupRecord> } => !!e.group?.active)
    .sort((a, b) => byCreation(a.group, b.group))
    .map(({ group, enrollment }) => presentGroupSummary(group, enrollment));
}

/**
 * "Groups the user is linked to" (decided here): the groups the user administers (group.admins), then, for
 * a user with the student role, the groups its own member is enrolled in, with that enrollment. A guardian's
 * children's groups are not the guardian's: they appear under `Members[].groups` (related.members.groups).
 */
export function linkedGroups(store: Store, user: Stored<UserRecord>): GroupSummary[] {
  const administered = store
    .groupsAdministeredBy(user._id)
    .filter((g) => g.active && g.community === user.community)
    .sort(byCreation)
    .map((g) => presentGroupSummary(g));
  if (!user.rolesSet.student) return administered;
  const seen = new Set(administered.map((g) => g.id));
  const enrolled = store
    .membersOfUser(user._id)
    .filter((m) => m.active)
    .flatMap((m) => memberGroups(store, m))
    .filter((g) => !seen.has(g.id));
  return [...administered, ...enrolled];
}
