import type { Rng } from '../../fixtures/rng.ts';
import type { AppDeps } from '../http/OperationHandler.ts';
import type { OAuthState } from './OAuthState.ts';

/** What every part of the authorization server works with; built once by createOAuthRouter. */
export interface OAuthContext {
  deps: AppDeps;
  state: OAuthState;
  /**
   * Seeded from deps.rng: with a frozen clock a run replays exactly; with a running clock the fork also takes
   * the start time, so a restarted mock never hands a stale browser token to the next user who logs in.
   */
  rng: Rng;
  /** The spec's scopes and their descriptions, in the spec's order. */
  scopes: ReadonlyMap<string, string>;
  log: (line: string) => void;
}

/** Lifetimes on the mock clock (decided here; production answers expires_in 3600). */
export const LIFETIMES = {
  /** RFC 6749 §4.1.2: "A maximum authorization code lifetime of 10 minutes is RECOMMENDED"; shorter is safer. */
  codeMs: 60_000,
  accessTokenSeconds: 3600,
  refreshTokenMs: 30 * 24 * 3600_000,
  /** How long a consent page may wait before its form is refused. */
  consentMs: 10 * 60_000,
} as const;
