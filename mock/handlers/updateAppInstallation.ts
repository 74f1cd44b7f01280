import { sameData } from '../store/sameData.ts';
import type { AppInstallation } from '../../spec/openapi.d.ts';
import type { FieldError } from '../../spec/formatAjvErrors.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationHandler } from '../http/OperationHandler.ts';
import { presentInstallation } from '../present/presentInstallation.ts';
import { findInstallation } from './findInstallation.ts';

/** The keys a client may change (decided here); every other key is managed by the platform (readOnly in the spec). */
export const WRITABLE_INSTALLATION_KEYS = ['active', 'contactInfo', 'consentedFeatures', 'requiresManualUpdate'] as const;

/**
 * PUT /v1/appmaker/apps/{appId}/installations/{community}. A read-modify-write round-trips: managed keys may
 * be sent back unchanged; a changed managed key is a 422 naming each one, and nothing is stored.
 */
export const updateAppInstallation: OperationHandler = (ctx) => {
  const { app, installation } = findInstallation(ctx);
  const body = ctx.body as AppInstallation;
  const current = presentInstallation(installation, app) as Record<string, unknown>;
  const writable = new Set<string>(WRITABLE_INSTALLATION_KEYS);
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (writable.has(key) || !MANAGED.has(key)) continue;
    if (!sameData(value, current[key])) {
      errors.push({ in: 'body', path: `/${key}`, rule: 'readOnly', message: 'is managed by the platform and cannot be changed here' });
    }
  }
  if (errors.length > 0) {
    throw new HttpProblem('read_only_field', `${errors.map((e) => e.path.slice(1)).join(', ')} cannot be changed by this operation.`, { errors });
  }

  const now = ctx.clock.iso();
  const next = { ...installation };
  if (body.active !== undefined && body.active !== installation.active) {
    next.active = body.active;
    if (body.active) next.activatedAt = now;
  }
  if (body.contactInfo !== undefined) next.contactInfo = body.contactInfo;
  if (body.consentedFeatures !== undefined) next.consentedFeatures = body.consentedFeatures;
  if (body.requiresManualUpdate !== undefined) next.requiresManualUpdate = body.requiresManualUpdate;
  if (!sameData(next, installation)) ctx.store.putInstallation(next);
  return { status: 200, body: presentInstallation(next, app) };
};

const MANAGED = new Set([
  'manifest',
  'approved',
  'approvedAt',
  'approvedBy',
  'activatedAt',
  'installed',
  'installedBy',
  'uninstalledAt',
  'uninstalledBy',
  'uninstalledReason',
  'pendingUpdate',
  'pendingUpdateSince',
  'status',
]);
