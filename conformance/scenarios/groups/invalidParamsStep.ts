import { groupStep } from './GroupsFacts.ts';

const CASES: ReadonlyArray<{ operationId: 'listGroups' | 'searchGroups'; query: Record<string, string>; violation: string; param: string }> = [
  { operationId: 'listGroups', query: { active: 'maybe' }, violation: 'query.active=maybe is not a boolean', param: 'active' },
  { operationId: 'searchGroups', query: { active: 'maybe' }, violation: 'query.active=maybe is not a boolean', param: 'active' },
  { operationId: 'listGroups', query: { limit: 'abc' }, violation: 'query.limit=abc is not an integer', param: 'limit' },
  // Below any first page (0 or 1): refusing it is our decision only, as is every paging rule.
  { operationId: 'listGroups', query: { page: '-1' }, violation: 'query.page=-1 is below the first page', param: 'page' },
  { operationId: 'listGroups', query: { sort: 'shoeSize' }, violation: 'query.sort=shoeSize is not a sort key', param: 'sort' },
];

/** Malformed parameters are refused, and an id no group has (none of those seen) is not found. */
export const invalidParamsStep = groupStep({
  title: 'refuse invalid parameters',
  uses: ['groups'],
  async run(s, { groups }) {
    for (const c of CASES)
      await s.send({ operationId: c.operationId, query: c.query, expect: { invalid: c.violation, rule: s.paramRule(c.operationId, c.param) } });
    const seen = groups?.byId ?? new Map<string, unknown>();
    let unknown = s.rng.hex(24);
    while (seen.has(unknown)) unknown = s.rng.hex(24);
    await s.send({
      operationId: 'getGroup',
      path: { groupId: unknown },
      expect: { invalid: `no group has _id ${unknown}`, rule: '#/components/responses/NotFound' },
    });
  },
});
