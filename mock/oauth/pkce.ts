import { base64url, sameBytes, sha256 } from '../sha256.ts';

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) without padding is always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export function isCodeVerifier(value: string): boolean {
  return CODE_VERIFIER.test(value);
}

export function isS256Challenge(value: string): boolean {
  return S256_CHALLENGE.test(value);
}

/** RFC 7636 §4.2 S256 transform. */
export function s256(verifier: string): string {
  return base64url(sha256(verifier));
}

/** RFC 7636 §4.6: the server recomputes the challenge from the verifier and compares (in constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!isCodeVerifier(verifier)) return false;
  const encoder = new TextEncoder();
  return sameBytes(encoder.encode(s256(verifier)), encoder.encode(challenge));
}
