import type { Contract } from '../../spec/contract.ts';
import type { OperationHandler } from '../http/OperationHandler.ts';
import { approveAppInstallation } from './approveAppInstallation.ts';
import { getGroup } from './getGroup.ts';
import { getUpdatedComponents } from './getUpdatedComponents.ts';
import { getUpdatedUsers } from './getUpdatedUsers.ts';
import { getUserInfo } from './getUserInfo.ts';
import { listAppInstallations } from './listAppInstallations.ts';
import { listGroups } from './listGroups.ts';
import { searchGroups } from './searchGroups.ts';
import { updateAppInstallation } from './updateAppInstallation.ts';
import { uploadSyncEntities } from './uploadSyncEntities.ts';

/** Every API operation's handler, keyed by the spec's operationId (the OAuth endpoints live in mock/oauth). */
export const operationHandlers: Record<string, OperationHandler> = {
  getUserInfo,
  listGroups,
  searchGroups,
  getGroup,
  listAppInstallations,
  updateAppInstallation,
  approveAppInstallation,
  uploadSyncEntities,
  getUpdatedUsers,
  getUpdatedComponents,
};

/**
 * Startup check (as openapi-backend does): every operation of the spec has exactly one handler here or in
 * the OAuth router, and no handler names an operation the spec does not have.
 */
export function assertHandlersMatchSpec(contract: Contract, handlers: Record<string, unknown>, oauthOperationIds: readonly string[]): void {
  const specIds = [...contract.operations.keys()];
  const covered = new Set([...Object.keys(handlers), ...oauthOperationIds]);
  const missing = specIds.filter((id) => !covered.has(id));
  const unknown = [...covered].filter((id) => !contract.operations.has(id));
  if (missing.length || unknown.length) {
    throw new Error(
      `spec and handlers disagree:${missing.length ? ` no handler for ${missing.join(', ')};` : ''}${unknown.length ? ` handlers for unknown operations ${unknown.join(', ')}` : ''}`,
    );
  }
}
