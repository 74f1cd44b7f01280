import type { Rng } from '../../fixtures/rng.ts';

/**
 * What every written string carries, so that reading it back shows what the store did to it: accented Latin
 * (two UTF-8 bytes each: a Latin-1 or double encoder mangles them), a character beyond the Basic Multilingual
 * Plane (a UTF-16 surrogate pair: a length counted in code units, or a 3-byte utf8 column, breaks it), and
 * characters that need escaping in JSON, HTML, SQL and URLs (an escaper applied twice, or not at all, shows).
 */
const HARD_PART = `😀𝄞 Ação "Pedagógica" <b>&</b> O'Brien \\ 50%+1 —`;

/** Characters long: past the usual column cuts (20, 32, 50, 64) and far from any default. */
export const DISCRIMINATING_LENGTH = 96;

/**
 * A long string unique to this run (its rng): `label`, then every hard character (the rarest first, so a small
 * `maxLength` keeps them), then filler and a run-unique tail at the end: a store that cuts, re-encodes or escapes it reads back
 * different. Counted in code points and cut on one (never inside a surrogate pair) when a schema's
 * `maxLength` (JSON Schema counts code points) is smaller than the usual length.
 */
export function discriminatingText(rng: Rng, label: string, maxLength?: number): string {
  const tail = ` ${rng.hex(8)}`;
  const head = Array.from(`${label} ${HARD_PART} `);
  const length = Math.min(DISCRIMINATING_LENGTH, maxLength ?? Number.MAX_SAFE_INTEGER);
  const fill = Array.from(' Secretaria de Educação Básica'.repeat(4));
  const body = [...head, ...fill].slice(0, Math.max(0, length - tail.length));
  return [...body, ...Array.from(tail)].slice(0, length).join('');
}
