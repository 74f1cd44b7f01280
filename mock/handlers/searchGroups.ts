import type { OperationHandler } from '../http/OperationHandler.ts';
import { presentedGroup } from '../present/presentedRecords.ts';
import { groupQuery } from './groupQuery.ts';

/** GET /v1/groups/search: `q` matches name or alias (case- and accent-insensitive); total counts every match. */
export const searchGroups: OperationHandler = (ctx) => {
  const page = ctx.store.queryGroups(groupQuery(ctx));
  return { status: 200, body: { total: page.total, hits: page.items.map((g) => presentedGroup(ctx.contract, g)) } };
};
