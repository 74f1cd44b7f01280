import type { Exchange } from '../client/Exchange.ts';
import { defineCheck, type CheckFailure } from './Check.ts';

/** `total` counts every match, so it is never below the hits of a page (MUST), and equals them on a partial first page (SHOULD: paging is ours). */
export const searchTotal = defineCheck<{ exchange: Exchange; total: unknown; hits: number; limit: number; page: number }>('search-total', 'Search total is at least the number of hits (and equal on a partial first page).', ({ exchange, total, hits, limit, page }, fail) => {
  const out: CheckFailure[] = [];
  if (typeof total !== 'number') return out; // response-schema reports a missing or mistyped total
  if (total < hits) out.push(fail('MUST', exchange, `total ${total} is below the ${hits} hits returned`, { path: 'response.total', expected: `>= ${hits}`, actual: total }));
  else if (page === 1 && hits < limit && total !== hits) out.push(fail('SHOULD', exchange, `total ${total} differs from the ${hits} hits of a partial first page`, { path: 'response.total', expected: hits, actual: total }));
  return out;
});
