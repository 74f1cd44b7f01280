import type { Rng } from '../../fixtures/rng.ts';
import type { Session } from '../sessions/Session.ts';
import type { OAuthState } from '../sessions/OAuthState.ts';

/** What every part of the authorization server works with; built per request from the session's deps by createOAuthRouter. */
export interface OAuthContext {
  deps: Session;
  state: OAuthState;
  /** The session's OAuth source of code and token values (OAuthState.rng). */
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
