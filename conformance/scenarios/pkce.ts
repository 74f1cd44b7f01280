import { createHash } from 'node:crypto';
import type { Rng } from '../../fixtures/rng.ts';

/** RFC 7636 §4.1–4.2: a verifier of 64 unreserved characters (from the seeded rng) and its S256 challenge. */
export function pkce(rng: Rng): { verifier: string; challenge: string } {
  const verifier = rng.hex(64);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}
