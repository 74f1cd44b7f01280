import type { OperationHandler } from '../http/OperationHandler.ts';
import { presentGroup } from '../present/presentGroup.ts';
import { groupQuery } from './groupQuery.ts';

/** GET /v1/groups: the community's groups, creation order by default, one page; X-Total-Count counts all. */
export const listGroups: OperationHandler = (ctx) => {
  const page = ctx.deps.store.queryGroups(groupQuery(ctx));
  return { status: 200, body: page.items.map(presentGroup), headers: { 'X-Total-Count': String(page.total) } };
};
