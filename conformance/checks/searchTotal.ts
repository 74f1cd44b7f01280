import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';

export interface SearchTotalInput {
  exchange: Exchange;
  total: unknown;
  /** Hits of this answer. */
  hits: number;
  /** Every match, counted by following the pages to the end (when the suite did). */
  collected?: number;
}

/**
 * `total` (a number, stated) is never below the hits it comes with (MUST); that it counts every match
 * across the pages is our decision (SHOULD), checked when the suite read the pages to the end.
 */
export const searchTotal = defineCheck<SearchTotalInput>(
  'search-total',
  'Search total is at least the number of hits, and counts every match.',
  { MUST: stated('Response: object with `total` (number) and `hits` (array of Group objects).'), SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, total, hits, collected }, fail) => {
    const out: CheckFailure[] = [];
    if (typeof total !== 'number') return out; // response-schema reports a missing or mistyped total
    if (total < hits)
      out.push(fail('MUST', exchange, `total ${total} is below the ${hits} hits returned`, { path: 'response.total', expected: `>= ${hits}`, actual: total }));
    else if (collected !== undefined && total !== collected)
      out.push(
        fail('SHOULD', exchange, `total ${total} differs from the ${collected} matches read page by page`, {
          path: 'response.total',
          expected: collected,
          actual: total,
        }),
      );
    return out;
  },
);
