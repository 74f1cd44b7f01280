import { describe, expect, it } from 'vitest';
import { isCodeVerifier, isS256Challenge, s256, verifierMatches } from './pkce.ts';

// RFC 7636 Appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE S256 (RFC 7636)', () => {
  it('computes the Appendix B challenge', () => {
    expect(s256(VERIFIER)).toBe(CHALLENGE);
  });

  it.each([
    ['the right verifier', VERIFIER, true],
    ['another verifier', 'x'.repeat(43), false],
    ['the challenge itself (plain)', CHALLENGE, false],
    ['a verifier too short', 'abc', false],
    ['a verifier with a forbidden character', `${VERIFIER.slice(0, 42)}!`, false],
  ])('matches %s: %s', (_name, verifier, want) => {
    expect(verifierMatches(verifier, CHALLENGE)).toBe(want);
  });

  it.each([
    ['43 unreserved characters', 'a'.repeat(43), true],
    ['128 unreserved characters', 'A-._~'.repeat(25) + 'abc', true],
    ['42 characters', 'a'.repeat(42), false],
    ['129 characters', 'a'.repeat(129), false],
    ['a space', `${'a'.repeat(42)} `, false],
  ])('code_verifier syntax (§4.1): %s', (_name, value, want) => {
    expect(isCodeVerifier(value)).toBe(want);
  });

  it.each([
    ['an S256 challenge', CHALLENGE, true],
    ['padding', `${CHALLENGE}=`, false],
    ['standard base64 characters', CHALLENGE.replace('-', '+'), false],
    ['too short', CHALLENGE.slice(1), false],
  ])('code_challenge syntax (§4.2): %s', (_name, value, want) => {
    expect(isS256Challenge(value)).toBe(want);
  });
});
