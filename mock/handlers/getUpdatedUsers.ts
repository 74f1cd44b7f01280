import type { OperationHandler } from '../http/OperationHandler.ts';
import { presentedDataActionUser } from '../present/presentedRecords.ts';
import { dataActionQuery } from './dataActionRecords.ts';

/**
 * POST /v1/@platform:data:Users:getUpdatedAfter: users of the season whose updatedAt is at or after
 * `data.after` (inclusive, as production compares), oldest first, at most `data.limit`.
 */
export const getUpdatedUsers: OperationHandler = (ctx) => {
  const users = ctx.store.usersUpdatedAfter(dataActionQuery(ctx, '@platform:data:Users:getUpdatedAfter'));
  return { status: 200, body: { data: users.map((u) => presentedDataActionUser(ctx.contract, u)) } };
};
