import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck } from './Check.ts';

/** Page 2 shares no item with page 1 (paging is our decision: SHOULD). */
export const pagesDisjoint = defineCheck<{ exchange: Exchange; first: string[]; second: string[] }>(
  'pages-disjoint',
  'Consecutive pages do not overlap.',
  { SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, first, second }, fail) => {
    const seen = new Set(first);
    const shared = second.filter((id) => seen.has(id));
    return shared.length > 0
      ? [fail('SHOULD', exchange, `page 2 repeats ${shared.length} item(s) of page 1`, { expected: 'no shared item', actual: shared.slice(0, 5) })]
      : [];
  },
);
