import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationHandler } from '../http/OperationHandler.ts';
import { presentInstallation } from '../present/presentInstallation.ts';

/**
 * GET /v1/appmaker/apps/{appId}/installations: the app's active installations in the communities the token
 * may act in (decided here: a token never sees other communities' installations).
 */
export const listAppInstallations: OperationHandler = (ctx) => {
  const appId = ctx.params.path.appId as string;
  const app = ctx.store.app(appId);
  if (!app) throw new HttpProblem('not_found', `No app "${appId}".`);
  const visible = new Set(ctx.token?.communities ?? []);
  const installations = ctx.store
    .installationsOfApp(appId)
    .filter((i) => i.active && visible.has(i.community))
    .sort((a, b) => (a.community < b.community ? -1 : 1));
  return { status: 200, body: installations.map((i) => presentInstallation(i, app)) };
};
