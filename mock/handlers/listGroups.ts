import type { OperationHandler } from '../http/OperationHandler.ts';
import { presentedGroup } from '../present/presentedRecords.ts';
import { groupQuery } from './groupQuery.ts';

/** GET /v1/groups: the community's groups, creation order by default, one page; X-Total-Count counts all. */
export const listGroups: OperationHandler = (ctx) => {
  const page = ctx.store.queryGroups(groupQuery(ctx));
  return { status: 200, body: page.items.map((g) => presentedGroup(ctx.contract, g)), headers: { 'X-Total-Count': String(page.total) } };
};
