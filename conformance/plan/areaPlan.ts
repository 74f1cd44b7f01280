import type { Area } from '../config/ConformConfig.ts';

/** Checks run on every exchange, whatever the area (registry.ts exchangeChecks), and the failure of a step that cannot go on. */
const EVERY_EXCHANGE = ['response-received', 'no-server-error', 'status-documented', 'content-type', 'response-schema', 'key-spelling'];

/** Operations that change the target's state: never sent under --read-only. */
export const WRITE_OPERATIONS: readonly string[] = ['updateAppInstallation', 'approveAppInstallation', 'uploadSyncEntities'];

/** Checks that only judge the effect of a write. */
export const WRITE_CHECKS: readonly string[] = [
  'installation-round-trip',
  'installation-update-stored',
  'approve-returns-manifest',
  'approve-effect',
  'approve-manual-only',
  'sync-upload-visible',
  'sync-remove-unlisted',
  'sync-deactivate',
  'sync-records-supplied',
];

export interface AreaPlan {
  /** The spec operations the area's scenario sends requests to. */
  operations: string[];
  /** The checks it runs (besides step-error, which any step may end with). */
  checks: string[];
}

/**
 * What each area's scenario exercises. Kept honest by plan/profiles.test.ts, which runs every profile against
 * the mock and compares the operations and checks the run recorded with this table.
 */
export const AREA_PLAN: Record<Area, AreaPlan> = {
  auth: {
    operations: [
      'getUserInfo',
      'listGroups',
      'searchGroups',
      'getGroup',
      'listAppInstallations',
      'updateAppInstallation',
      'approveAppInstallation',
      'uploadSyncEntities',
    ],
    checks: [...EVERY_EXCHANGE, 'auth-required', 'community-required'],
  },
  groups: {
    operations: ['listGroups', 'searchGroups', 'getGroup'],
    checks: [
      ...EVERY_EXCHANGE,
      'valid-request-accepted',
      'invalid-request-rejected',
      'filter-matches',
      'filter-subset',
      'default-order',
      'limit-honoured',
      'pages-disjoint',
      'page-honoured',
      'total-count',
      'search-finds',
      'search-total',
      'search-narrows',
      'sort-order',
      'get-matches-list',
      'community-scope',
      'cross-community',
    ],
  },
  installations: {
    operations: ['listAppInstallations', 'updateAppInstallation', 'approveAppInstallation'],
    checks: [
      ...EVERY_EXCHANGE,
      'valid-request-accepted',
      'invalid-request-rejected',
      'installations-active',
      'installation-round-trip',
      'installation-update-stored',
      'approve-returns-manifest',
      'approve-effect',
      'approve-manual-only',
    ],
  },
  'user-info': {
    operations: ['getAuthorizationServerMetadata', 'authorize', 'token', 'getUserInfo'],
    checks: [
      ...EVERY_EXCHANGE,
      'valid-request-accepted',
      'invalid-request-rejected',
      'oauth-flow',
      'user-info-includes',
      'member-groups-scope',
      // The authorization server's own rules (scenarios/oauthServerScenario.ts).
      'redirect-uri-exact',
      'state-exact',
      'code-bound-redirect-uri',
      'code-bound-client',
      'client-authenticated',
      'pkce-verified',
      'refresh-bound-client',
      'code-reuse-revokes',
      'token-error-shape',
      'token-no-store',
    ],
  },
  'data-actions': {
    operations: ['getUpdatedUsers', 'getUpdatedComponents'],
    checks: [
      ...EVERY_EXCHANGE,
      'valid-request-accepted',
      'invalid-request-rejected',
      'secret-required',
      'updated-after',
      'data-action-limit',
      'data-action-order',
      'roles-set',
      'data-action-community',
    ],
  },
  // A replay sends what the recording holds: its operations are the HAR's (cli.ts plans them from the file).
  replay: {
    operations: [],
    checks: [
      ...EVERY_EXCHANGE,
      'replay-status-class',
      'replay-keys-kept',
      'replay-write-visible',
      'get-matches-list',
      'filter-subset',
      'filter-matches',
      'pages-disjoint',
      'approve-effect',
      'community-scope',
      'oauth-flow',
    ],
  },
  sync: {
    operations: ['uploadSyncEntities', 'listGroups', 'searchGroups', 'getUpdatedUsers', 'getUpdatedComponents'],
    checks: [
      ...EVERY_EXCHANGE,
      'valid-request-accepted',
      'invalid-request-rejected',
      'sync-upload-visible',
      'sync-remove-unlisted',
      'sync-deactivate',
      'sync-records-supplied',
      'updated-after',
    ],
  },
  // The generative phase (conformance/generate): every operation with an input to vary, approve aside.
  generate: {
    operations: [
      'listGroups',
      'searchGroups',
      'getGroup',
      'listAppInstallations',
      'updateAppInstallation',
      'uploadSyncEntities',
      'getUpdatedUsers',
      'getUpdatedComponents',
      'getUserInfo',
    ],
    checks: [
      ...EVERY_EXCHANGE,
      'valid-request-accepted',
      'invalid-request-rejected',
      'pages-disjoint',
      'page-honoured',
      'filter-subset',
      'filter-matches',
      'community-scope',
      'installation-round-trip',
      'sync-upload-visible',
    ],
  },
};
