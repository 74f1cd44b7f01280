import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';
import { label, type Json } from './values.ts';

export interface SearchNarrowsInput {
  exchange: Exchange;
  /** The text sent in `q` (a group's exact alias or name). */
  q: string;
  hits: Json[];
  /** `total` of this search, or the hits counted when it sends none. */
  count: number;
  /** `total` of the same search without `q` (everything). */
  everything: number;
  /** A listed group no reading of `q` matches (it does not contain q, nor every word of it). */
  unrelated?: Json;
}

/** Folds case, accents and punctuation, so only a clear mismatch counts. */
export function foldText(value: unknown): string {
  return String(value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * `q` is "search text: a group name or identifier" (stated): a search for a group's exact alias cannot
 * answer as many groups as a search without q while a group that cannot match it exists (MUST: q was
 * ignored). That each hit contains q in its name or alias is how matching was decided (SHOULD).
 */
export const searchNarrows = defineCheck<SearchNarrowsInput>(
  'search-narrows',
  'A search for an exact alias narrows the result: q is applied.',
  { MUST: stated('`q` (search text: a group name or identifier)'), SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, q, hits, count, everything, unrelated }, fail) => {
    const out: CheckFailure[] = [];
    if (unrelated && everything > 1 && count >= everything) {
      out.push(
        fail('MUST', exchange, `q=${q} answered ${count} groups, as many as a search without q, although ${label(unrelated)} does not match it`, {
          path: 'response.total',
          expected: `fewer than ${everything}`,
          actual: count,
        }),
      );
    }
    const want = foldText(q);
    const index = hits.findIndex((h) => !foldText(h.name).includes(want) && !foldText(h.alias).includes(want));
    if (index !== -1) {
      const hit = hits[index] as Json;
      out.push(
        fail('SHOULD', exchange, `hit ${label(hit)} contains q=${q} neither in its name nor in its alias`, {
          path: `response.hits[${index}]`,
          expected: `name or alias containing "${q}"`,
          actual: { name: hit.name, alias: hit.alias },
        }),
      );
    }
    return out;
  },
);
