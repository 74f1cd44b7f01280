import type { SyncUpload, SyncUploadReceipt } from '../../spec/openapi.d.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationHandler } from '../http/OperationHandler.ts';
import { commitSyncPlan } from '../sync/commitSyncPlan.ts';
import { planSyncUpload } from '../sync/planSyncUpload.ts';

/**
 * POST /v2/sync/{syncRunId}/uploadEntities. The whole body is checked (by the contract, then by the plan)
 * before anything is stored; the answer counts what was received and lists every warning (unknown keys,
 * links to aliases that exist nowhere), so a partner's sync client learns exactly what was off.
 */
export const uploadSyncEntities: OperationHandler = (ctx) => {
  const { store, clock, rng } = ctx;
  const syncRunId = ctx.params.path.syncRunId as string;
  const community = ctx.community as string;
  const run = store.syncRun(syncRunId);
  if (run && run.community !== community) {
    throw new HttpProblem('conflict', `Sync run "${syncRunId}" belongs to community "${run.community}".`);
  }
  const now = clock.iso();
  const plan = planSyncUpload({ store, community, now, rng, body: ctx.body as SyncUpload });
  if (plan.errors.length > 0) {
    throw new HttpProblem('unprocessable', 'The upload cannot be applied; nothing was stored.', { errors: plan.errors });
  }
  commitSyncPlan(store, plan);
  const warnings = [...ctx.warnings.filter((w) => !w.path.startsWith('query.')), ...plan.warnings].map(({ path, message }) => ({ path, message }));
  store.putSyncRun({
    _id: syncRunId,
    community,
    uploads: [...(run?.uploads ?? []), { receivedAt: now, received: plan.received, warnings: warnings.length }],
  });
  const receipt: SyncUploadReceipt = { syncRunId, received: plan.received, warnings };
  return { status: 200, body: receipt };
};
