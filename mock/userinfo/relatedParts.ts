/**
 * The related parts of user-info: the `includes` value that asks for each, the response key that carries it
 * and the scope that must also allow it (the description: "returned only when requested here and the app's
 * scopes allow it"; which scope allows which part is in the spec's getUserInfo description).
 */
export const RELATED_PARTS = [
  { include: 'community', key: 'community', scope: 'related.communities' },
  { include: 'groups', key: 'groups', scope: 'related.groups' },
  { include: 'members', key: 'Members', scope: 'related.members' },
] as const;

/** Each member's `groups` inside `Members`. */
export const MEMBER_GROUPS_SCOPE = 'related.members.groups';

export type RelatedInclude = (typeof RELATED_PARTS)[number]['include'];

/** The comma-separated `includes` (already checked against the spec's pattern by the pipeline). */
export function parseIncludes(value: unknown): Set<RelatedInclude> {
  const names = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : [];
  return new Set(RELATED_PARTS.map((p) => p.include).filter((include) => names.includes(include)));
}
