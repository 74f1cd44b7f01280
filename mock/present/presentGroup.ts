import type { GroupRecord } from '../../fixtures/records.ts';
import type { Group } from '../../spec/openapi.d.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * A group as the API shows it (spec: Group). The record's component links stay inside: the interface
 * shows no `components` on a group. `syncedAt` appears only once the group came through the sync route.
 * Arrays and objects are copied, so the caller may change the result without touching the record.
 */
export function presentGroup(group: Stored<GroupRecord>): Group {
  const out: Group = {
    _id: group._id,
    alias: group.alias,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    community: group.community,
    name: group.name,
    tags: group.tags.map((t) => ({ id: t.id, name: t.name })),
    admins: group.admins.map((a) => ({ user: a.user })),
    active: group.active,
    season: group.season,
    fields: structuredClone(group.fields),
  };
  if (group.syncedAt !== undefined) out.syncedAt = group.syncedAt;
  return out;
}
