import type { AppInstallation } from '../../spec/openapi.d.ts';
import type { AppRecord, InstallationRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/** The installation keys the API shows besides the manifest, in the spec's order. */
const SHOWN_KEYS = [
  'approved',
  'approvedAt',
  'approvedBy',
  'active',
  'activatedAt',
  'installed',
  'installedBy',
  'uninstalledAt',
  'uninstalledBy',
  'uninstalledReason',
  'pendingUpdate',
  'pendingUpdateSince',
  'requiresManualUpdate',
  'status',
  'consentedFeatures',
  'contactInfo',
] as const satisfies ReadonlyArray<keyof AppInstallation>;

/**
 * An installation as the API shows it (spec: AppInstallation): the app's manifest joined in, then the
 * installation's own keys. Picked by name rather than by dropping known internals, so a key added to the
 * record later (the app id, the community, anything secret) never leaks by default. Absent keys stay absent.
 */
export function presentInstallation(installation: Stored<InstallationRecord>, app: Stored<AppRecord>): AppInstallation {
  const out: Record<string, unknown> = { manifest: structuredClone(app.manifest) };
  for (const key of SHOWN_KEYS) {
    const value = installation[key];
    if (value !== undefined) out[key] = structuredClone(value);
  }
  return out as AppInstallation;
}
