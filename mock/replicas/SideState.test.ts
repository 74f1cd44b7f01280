import { describe, expect, it } from 'vitest';
import { createDeps } from '../createDeps.ts';
import { createFrozenClock } from '../clock.ts';
import type { AuthorizationCode } from '../sessions/OAuthState.ts';
import { applySide, captureSide, newlyRedeemed, sameSide, type SideState } from './SideState.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';

const base: SideState = {
  clock: { frozen: false, at: 1_000_000, wall: 500_000 },
  latency: { ms: 0, jitterMs: 0 },
  faults: [],
  oauth: { pending: [], codes: [], refreshTokens: [] },
};
const code = (value: string, usedAt?: number): AuthorizationCode => ({
  code: value,
  request: { clientId: 'c', redirectUri: 'http://localhost/cb', redirectUriGiven: true, scopes: [] },
  userId: 'u',
  community: 'x',
  expiresAt: 2_000_000,
  ...(usedAt === undefined ? {} : { usedAt }),
});

describe('sameSide', () => {
  it.each<[string, SideState, boolean]>([
    ['the same state read a moment later (a running clock moved with the wall)', { ...base, clock: { frozen: false, at: 1_000_040, wall: 500_040 } }, true],
    ['a running clock set forward', { ...base, clock: { frozen: false, at: 9_000_000, wall: 500_010 } }, false],
    ['a fault switched on', { ...base, faults: ['ignore-active-filter'] }, false],
    ['latency set', { ...base, latency: { ms: 100, jitterMs: 0 } }, false],
    ['a code issued', { ...base, oauth: { ...base.oauth, codes: [code('a')] } }, false],
  ])('%s: %s', (_name, other, same) => {
    expect(sameSide(base, other)).toBe(same);
  });
});

describe('newlyRedeemed', () => {
  it('names the codes a request redeemed, not those redeemed before it nor those left unused', () => {
    const before = { ...base, oauth: { ...base.oauth, codes: [code('old', 1), code('now'), code('unused')] } };
    const after = { ...base, oauth: { ...base.oauth, codes: [code('old', 1), code('now', 2), code('unused')] } };
    expect(newlyRedeemed(before, after)).toEqual(['now']);
  });
});

describe('captureSide and applySide', () => {
  it('carry a session’s clock, latency, faults and OAuth state to another copy of the session', () => {
    const from = createDeps({ clock: createFrozenClock('2031-01-01T00:00:00.000Z') }).sessions.use(DEFAULT_SESSION);
    const to = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') }).sessions.use(DEFAULT_SESSION);
    from.latency.ms = 250;
    from.faults.add('ignore-active-filter');
    from.oauth.addCode(code('abc'), 0);
    applySide(to, JSON.parse(JSON.stringify(captureSide(from))) as SideState);
    expect(to.clock.iso()).toBe('2031-01-01T00:00:00.000Z');
    expect(to.latency.ms).toBe(250);
    expect([...to.faults]).toEqual(['ignore-active-filter']);
    expect([...to.oauth.codes.keys()]).toEqual(['abc']);
  });

  it.each<[string, (session: ReturnType<typeof sessionWithGrant>) => void]>([
    ['a code redeemed', (s) => void (s.oauth.codes.get('abc')!.usedAt = 5)],
    ['a refresh token revoked', (s) => void (s.oauth.refreshTokens.get('r1')!.revoked = true)],
    ['a refresh token rotated', (s) => void (s.oauth.refreshTokens.get('r1')!.rotatedAt = 5)],
  ])('see %s on the entry the session holds as a change', (_name, change) => {
    const session = sessionWithGrant();
    const before = captureSide(session);
    change(session);
    expect(sameSide(before, captureSide(session))).toBe(false);
  });
});

function sessionWithGrant() {
  const session = createDeps({ clock: createFrozenClock('2031-01-01T00:00:00.000Z') }).sessions.use(DEFAULT_SESSION);
  session.oauth.addCode(code('abc'), 0);
  session.oauth.addRefreshToken(
    { token: 'r1', clientId: 'c', userId: 'u', community: 'x', scopes: [], fromCode: 'abc', expiresAt: 2_000_000, revoked: false },
    0,
  );
  return session;
}
