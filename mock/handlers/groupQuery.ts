import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationContext } from '../http/OperationHandler.ts';
import type { GroupQuery, GroupSortKey, SortTerm } from '../store/Store.ts';

/** The shared filters of listGroups and searchGroups, from parameters the contract has already checked. */
export function groupQuery(ctx: OperationContext): GroupQuery {
  const q = ctx.params.query;
  const createdAt = q.createdAt as string | undefined;
  if (createdAt !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(createdAt) && Number.isNaN(Date.parse(createdAt))) {
    // The spec types createdAt as a string; what it matches is our decision (a date or an instant).
    throw new HttpProblem('invalid_request', 'createdAt must be a date (2026-01-15) or a date-time.', {
      errors: [{ in: 'query', path: 'createdAt', rule: 'format', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' }],
    });
  }
  return {
    community: ctx.community as string,
    createdAt,
    active: q.active as boolean | undefined,
    name: q.name as string | undefined,
    adminUser: q['admins.user'] as string | undefined,
    season: q.season as string | undefined,
    alias: q.alias as string | undefined,
    q: q.q as string | undefined,
    sort: parseSort(q.sort as string | undefined),
    page: (q.page as number | undefined) ?? 1,
    limit: (q.limit as number | undefined) ?? 100,
  };
}

/** "-updatedAt,name" → [{updatedAt desc}, {name asc}]; the spec's pattern has already vetted the keys. */
export function parseSort(sort: string | undefined): SortTerm[] {
  if (!sort) return [{ key: 'createdAt', descending: false }];
  return sort.split(',').map((term) => ({
    key: term.replace(/^-/, '') as GroupSortKey,
    descending: term.startsWith('-'),
  }));
}
