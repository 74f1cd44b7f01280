import type { OperationHandler } from '../http/OperationHandler.ts';
import { presentedDataActionComponent } from '../present/presentedRecords.ts';
import { dataActionQuery } from './dataActionRecords.ts';

/** POST /v1/@platform:data:Components:getUpdatedAfter: as the users action, for components linked to the season's groups. */
export const getUpdatedComponents: OperationHandler = (ctx) => {
  const components = ctx.store.componentsUpdatedAfter(dataActionQuery(ctx, '@platform:data:Components:getUpdatedAfter'));
  return { status: 200, body: { data: components.map((c) => presentedDataActionComponent(ctx.contract, c)) } };
};
