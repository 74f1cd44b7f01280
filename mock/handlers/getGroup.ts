import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationHandler } from '../http/OperationHandler.ts';
import { presentedGroup } from '../present/presentedRecords.ts';

/** GET /v1/groups/{groupId}: a group of another community is not found, never shown. */
export const getGroup: OperationHandler = (ctx) => {
  const id = ctx.params.path.groupId as string;
  const group = ctx.store.group(ctx.community as string, id);
  if (!group) throw new HttpProblem('not_found', `No group "${id}" in community "${ctx.community}".`);
  return { status: 200, body: presentedGroup(ctx.contract, group) };
};
