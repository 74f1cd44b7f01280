import { authorizeCommunity } from '../auth/authorizeCommunity.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationContext } from '../http/OperationHandler.ts';
import type { AppRecord, InstallationRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * The app and its installation named by the path ({appId}, {community}). The token must be valid for the
 * path's community as well as for the community-id header's: one cannot reach across communities.
 */
export function findInstallation(ctx: OperationContext): { app: Stored<AppRecord>; installation: Stored<InstallationRecord> } {
  const appId = ctx.params.path.appId as string;
  const community = ctx.params.path.community as string;
  if (ctx.token) authorizeCommunity(ctx.token, community, ctx.store);
  const app = ctx.store.app(appId);
  if (!app) throw new HttpProblem('not_found', `No app "${appId}".`);
  const installation = ctx.store.installation(appId, community);
  if (!installation) throw new HttpProblem('not_found', `App "${appId}" has no installation in community "${community}".`);
  return { app, installation };
}
