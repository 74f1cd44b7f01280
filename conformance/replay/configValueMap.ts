import type { ConformConfig } from '../config/ConformConfig.ts';

/** The values the frontend brought from its own configuration, recorded → target, longest first. */
export interface ConfigValueMap {
  values: Map<string, string>;
  /** The recorded data-action secret and bearer token, to tell the right credential from a deliberately wrong one. */
  recordedSecret?: string;
  recordedToken?: string;
}

/**
 * Pairs each configured value of the recording (`--recorded-config`, what the mock's seeded data uses by
 * default) with the target's own (`--config`): community, app ids, the OAuth client id. Secrets are not
 * mapped as text (the recording holds them masked); a request is sent with the target's credentials instead.
 */
export function configValueMap(recorded: Partial<ConformConfig>, target: ConformConfig): ConfigValueMap {
  const values = new Map<string, string>();
  const pair = (from: string | undefined, to: string | undefined): void => {
    if (from && to && !values.has(from)) values.set(from, to);
  };
  pair(recorded.community, target.community);
  pair(recorded.pendingApproval?.community, target.pendingApproval?.community ?? target.community);
  pair(recorded.appId, target.appId);
  pair(recorded.pendingApproval?.appId, target.pendingApproval?.appId);
  pair(recorded.oauth?.clientId, target.oauth?.clientId);
  pair(recorded.season, target.season);
  // Another community's values: a read of its group was refused when recorded, and must be refused again on
  // the target's own neighbour (left unmapped, the call could not be sent and a foreign read passed unseen).
  pair(recorded.otherCommunity?.community, target.otherCommunity?.community);
  pair(recorded.otherCommunity?.groupId, target.otherCommunity?.groupId);
  pair(recorded.otherApp?.appId, target.otherApp?.appId);
  return {
    values,
    ...(recorded.appSecret ? { recordedSecret: recorded.appSecret } : {}),
    ...(recorded.token ? { recordedToken: recorded.token } : {}),
  };
}

/**
 * Whether a recorded credential is the configured one: the journal masks a secret to `***` and its last four
 * characters (when it is 16 or longer), DevTools keeps it whole. Anything else was sent on purpose (a probe).
 */
export function isConfiguredCredential(recorded: string, configured: string | undefined): boolean {
  if (!configured) return false;
  if (recorded === configured) return true;
  if (recorded === '***') return configured.length < 16;
  return recorded.startsWith('***') && configured.length >= 16 && recorded === `***${configured.slice(-4)}`;
}
