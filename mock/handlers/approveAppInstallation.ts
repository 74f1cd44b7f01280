import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationHandler } from '../http/OperationHandler.ts';
import { findInstallation } from './findInstallation.ts';

/**
 * POST …/installations/{community}/approve: a manually approved app's pending installation becomes
 * installed, approved and active (decided here: the description leaves the effects unstated). Returns the
 * app's manifest. Twice, or for an app approved automatically, is a 409 that changes nothing.
 */
export const approveAppInstallation: OperationHandler = (ctx) => {
  const { app, installation } = findInstallation(ctx);
  if (app.manifest.approval !== 'manual') {
    throw new HttpProblem(
      'conflict',
      `App "${app.manifest.id}" is approved automatically ("approval": "${app.manifest.approval}"); there is nothing to approve.`,
    );
  }
  if (installation.status !== 'pending_approval') {
    throw new HttpProblem('conflict', `The installation is "${installation.status}", not "pending_approval".`);
  }
  const now = ctx.clock.iso();
  ctx.store.putInstallation({
    ...installation,
    status: 'installed',
    approved: true,
    approvedAt: now,
    approvedBy: ctx.token?.subject ?? 'unknown',
    active: true,
    activatedAt: now,
    installed: true,
  });
  return { status: 200, body: app.manifest };
};
