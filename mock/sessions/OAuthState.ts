import type { Rng } from '../../fixtures/rng.ts';
/** A validated authorization request (RFC 6749 §4.1.1), as the consent page and the code remember it. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  /** The request carried redirect_uri: the token request must then carry the same (RFC 6749 §4.1.3). */
  redirectUriGiven: boolean;
  scopes: string[];
  state?: string;
  /** RFC 7636 §4.3; always S256 here. */
  codeChallenge?: string;
}

/** An authorization request waiting for the resource owner on the consent page. */
export interface PendingAuthorization {
  id: string;
  request: AuthorizationRequest;
  /** Epoch ms on the mock clock. */
  expiresAt: number;
}

export interface AuthorizationCode {
  code: string;
  request: AuthorizationRequest;
  userId: string;
  community: string;
  /** Epoch ms on the mock clock. */
  expiresAt: number;
  /** Set when redeemed: a second redemption is refused and revokes what the first issued (RFC 6749 §4.1.2). */
  usedAt?: number;
}

export interface RefreshToken {
  token: string;
  clientId: string;
  userId: string;
  community: string;
  /** The scopes of the original grant: a refresh may narrow them for an access token, never widen them (RFC 6749 §6). */
  scopes: string[];
  /** The authorization code the grant started from; every token of the grant carries it. */
  fromCode: string;
  /** Epoch ms on the mock clock. */
  expiresAt: number;
  revoked: boolean;
  /** Set when it was exchanged for a new one (rotation); presenting it again is a replay. */
  rotatedAt?: number;
}

/** Entries kept at most per map, so a client that never finishes a flow cannot grow the mock's memory. */
const MAX_ENTRIES = 10_000;

/**
 * What the authorization server remembers besides the access tokens (which live in the Store, where the
 * bearer check finds them): consent pages waiting, codes, refresh tokens. In memory only; it survives
 * /__mock/reset (a refresh token then still names its user) but not a restart.
 */
export class OAuthState {
  /**
   * Where code and token values come from. Seeded: with a frozen clock a run replays exactly; with a running
   * clock the fork also takes the start time, so a restarted mock never hands a stale browser token to the
   * next user who logs in.
   */
  constructor(readonly rng: Rng) {}

  readonly pending = new Map<string, PendingAuthorization>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly refreshTokens = new Map<string, RefreshToken>();

  addPending(entry: PendingAuthorization, now: number): void {
    add(this.pending, entry.id, entry, (e) => e.expiresAt <= now);
  }

  addCode(entry: AuthorizationCode, now: number): void {
    // A used code is kept until it expires, so its re-use can still be recognised and punished.
    add(this.codes, entry.code, entry, (e) => e.expiresAt <= now);
  }

  addRefreshToken(entry: RefreshToken, now: number): void {
    add(this.refreshTokens, entry.token, entry, (e) => e.expiresAt <= now);
  }

  /** True when the value is taken by any code or refresh token (values are seeded, so they can repeat across runs). */
  has(value: string): boolean {
    return this.pending.has(value) || this.codes.has(value) || this.refreshTokens.has(value);
  }
}

function add<T>(map: Map<string, T>, key: string, value: T, expired: (entry: T) => boolean): void {
  if (map.size >= MAX_ENTRIES) {
    for (const [k, v] of map) if (expired(v)) map.delete(k);
    // Still full: forget the oldest, as a cache would.
    while (map.size >= MAX_ENTRIES) {
      const oldest = map.keys().next().value as string;
      map.delete(oldest);
    }
  }
  map.set(key, value);
}
