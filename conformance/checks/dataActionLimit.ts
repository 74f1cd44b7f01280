import type { Exchange } from '../client/Exchange.ts';
import { defineCheck } from './Check.ts';

/** data.limit is the maximum number of records (our reading of "limit integer": SHOULD). */
export const dataActionLimit = defineCheck<{ exchange: Exchange; limit: number; count: number }>('data-action-limit', 'A data action returns at most data.limit records.', ({ exchange, limit, count }, fail) =>
  count > limit ? [fail('SHOULD', exchange, `data.limit=${limit} returned ${count} records`, { path: 'response.data', expected: `at most ${limit}`, actual: count })] : [],
);
