import type { GroupSummary } from '../../spec/openapi.d.ts';
import type { EnrollmentRecord, GroupRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * A group as user-info shows it (spec: GroupSummary): `season` is a number here although the Group resource
 * has it as a string; a season that is not a number ("2026.1" is, "2026-A" is not) is left out rather than
 * sent as null. `enrollment` is the member's enrollment in the group, absent for a group the user
 * administers (there is no enrollment to show).
 */
export function presentGroupSummary(group: Stored<GroupRecord>, enrollment?: Stored<EnrollmentRecord>): GroupSummary {
  const out: GroupSummary = { id: group._id, name: group.name, alias: group.alias, createdAt: group.createdAt, updatedAt: group.updatedAt };
  const season = Number(group.season);
  if (group.season.trim() !== '' && Number.isFinite(season)) out.season = season;
  if (enrollment) {
    out.enrollment = {
      id: enrollment._id,
      kind: enrollment.kind,
      entity: enrollment.entity,
      group: enrollment.group,
      createdAt: enrollment.createdAt,
      updatedAt: enrollment.updatedAt,
    };
  }
  return out;
}
