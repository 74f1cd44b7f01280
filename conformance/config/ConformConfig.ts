/** The areas a run can select with --only; each has one scenario (generate: the generative phase, conformance/generate). */
export const AREAS = ['auth', 'groups', 'installations', 'user-info', 'data-actions', 'sync', 'generate'] as const;
/** The area of a run that replays a recorded session (--replay FILE.har): never part of a profile's plan. */
export const REPLAY_AREA = 'replay' as const;
export type Area = (typeof AREAS)[number] | typeof REPLAY_AREA;

/** An OAuth client the suite drives through the authorization-code flow to get a user-info token. */
export interface OAuthClientConfig {
  /** Relative to the base URL, or absolute. */
  authorizationUrl: string;
  tokenUrl: string;
  clientId: string;
  /** Absent for a public client (PKCE only). */
  clientSecret?: string;
  redirectUri: string;
  /** The user to log in with prompt=none. */
  loginHint?: string;
  scopes: string[];
  /** How the client authenticates at the token endpoint; client_secret_basic by default. */
  authMethod?: 'client_secret_basic' | 'client_secret_post';
  /**
   * A second client of the same authorization server (public when it has no secret, authenticating as this one
   * does otherwise): what must not redeem this client's codes and refresh tokens (RFC 6749 §4.1.3, §6).
   */
  otherClient?: { clientId: string; clientSecret?: string };
}

/** What the suite knows about the target: the keys of fixtures/conform.mock.json, plus the base URL. */
export interface ConformConfig {
  baseUrl: string;
  /** The community of operations 2 to 8. */
  community?: string;
  /** Bearer token for operations 2 to 8 in that community. */
  token?: string;
  /** An app installed in the community, and its data-action secret. */
  appId?: string;
  appSecret?: string;
  /** Sent as data.season in every data-action call (a provider may answer per season only). */
  season?: string;
  /** A user-info access token (skips the OAuth flow). */
  userToken?: string;
  /** The pending installation of a manually approved app, for the approve scenario. */
  pendingApproval?: { appId: string; community: string };
  oauth?: OAuthClientConfig;
  /** A community the configured token is not for, and one of its groups: what must never be answered under this one. */
  otherCommunity?: { community: string; groupId: string };
  /** An app not installed in the configured community, with its own data-action secret (which must not open this community's data actions). */
  otherApp?: { appId: string; appSecret: string };
  /** Extra headers sent on every request (--header 'Name: value', or the config file's `headers`). */
  headers?: Record<string, string>;
  /** Where each value came from, by config key ("token", "oauth.clientSecret", "headers.x-api-key"): for the reproducers' setup line. */
  origins?: Record<string, ValueOrigin>;
}

/** A value given on the command line, in the environment, or in the config file. */
export type ValueOrigin = { from: 'flag'; name: string } | { from: 'env'; name: string } | { from: 'config'; name: string; file: string };
