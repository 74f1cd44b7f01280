import { createRunningClock } from '../clock.ts';
import type { Session } from '../sessions/Session.ts';
import type { StubSet } from '../stubs/StubSet.ts';
import type { AuthorizationCode, PendingAuthorization, RefreshToken } from '../sessions/OAuthState.ts';

/**
 * What a session holds besides its store, as the log records it after a request that changed it: the clock,
 * latency, faults and the authorization server's consent pages, codes and refresh tokens (access tokens are
 * store records, logged as writes).
 */
export interface SideState {
  /** `at` on the mock clock when the wall clock read `wall` (epoch ms); frozen clocks stand at `at`. */
  clock: { frozen: boolean; at: number; wall: number };
  latency: { ms: number; jitterMs: number };
  faults: string[];
  /** The session's stubs with their counts (docs/stubs.md): a stub's `times` counts down across replicas. */
  stubs?: ReturnType<StubSet['exportState']>;
  oauth: { pending: PendingAuthorization[]; codes: AuthorizationCode[]; refreshTokens: RefreshToken[] };
}

const wall = createRunningClock();

/**
 * A snapshot by value, never a view: the authorization server marks a code used, a refresh token rotated or
 * revoked on the entry it holds, so a capture that shared those entries would read the same after the request
 * as before it, and the change would never be logged for the other replicas.
 */
export function captureSide(deps: Session): SideState {
  return {
    clock: { frozen: deps.clock.frozen, at: deps.clock.now().getTime(), wall: wall.now().getTime() },
    latency: { ms: deps.latency.ms, jitterMs: deps.latency.jitterMs },
    faults: [...deps.faults].sort(),
    ...(deps.stubs.size > 0 ? { stubs: deps.stubs.exportState() } : {}),
    oauth: structuredClone({
      pending: [...deps.oauth.pending.values()],
      codes: [...deps.oauth.codes.values()],
      refreshTokens: [...deps.oauth.refreshTokens.values()],
    }),
  };
}

/** Puts a logged side state into a session; a running clock keeps running from where the writer set it. */
export function applySide(deps: Session, side: SideState): void {
  deps.clock.set(new Date(side.clock.frozen ? side.clock.at : side.clock.at + (wall.now().getTime() - side.clock.wall)));
  deps.latency.ms = side.latency.ms;
  deps.latency.jitterMs = side.latency.jitterMs;
  deps.faults.clear();
  for (const f of side.faults) deps.faults.add(f);
  deps.stubs.restoreState(side.stubs);
  refill(deps.oauth.pending, side.oauth.pending, (e) => e.id);
  refill(deps.oauth.codes, side.oauth.codes, (e) => e.code);
  refill(deps.oauth.refreshTokens, side.oauth.refreshTokens, (e) => e.token);
}

/**
 * Whether a request changed the side state. A running clock is compared by its offset from the wall clock,
 * with a few milliseconds of slack for the two readings of each capture.
 */
export function sameSide(a: SideState, b: SideState): boolean {
  const offset = (s: SideState): number => (s.clock.frozen ? s.clock.at : s.clock.at - s.clock.wall);
  if (a.clock.frozen !== b.clock.frozen || Math.abs(offset(a) - offset(b)) > 5) return false;
  return JSON.stringify({ ...a, clock: undefined }) === JSON.stringify({ ...b, clock: undefined });
}

/** The codes `after` shows redeemed that `before` did not. */
export function newlyRedeemed(before: SideState, after: SideState): string[] {
  const used = new Set(before.oauth.codes.filter((c) => c.usedAt !== undefined).map((c) => c.code));
  return after.oauth.codes.filter((c) => c.usedAt !== undefined && !used.has(c.code)).map((c) => c.code);
}

function refill<T>(map: Map<string, T>, entries: readonly T[], key: (entry: T) => string): void {
  map.clear();
  for (const e of entries) map.set(key(e), e);
}
