import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck } from './Check.ts';

/** page=N returns the N-th slice of the full, unpaged order (paging is our decision: SHOULD). */
export const pageHonoured = defineCheck<{ exchange: Exchange; page: number; limit?: number; expected: string[]; actual: string[] }>(
  'page-honoured',
  'page=N&limit=L returns items (N-1)·L to N·L-1 of the full list.',
  { SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, page, limit, expected, actual }, fail) =>
    expected.join() === actual.join()
      ? []
      : [fail('SHOULD', exchange, `page=${page}${limit === undefined ? '' : `&limit=${limit}`} is not that slice of the full list`, { expected, actual })],
);
