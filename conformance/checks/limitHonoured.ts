import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck } from './Check.ts';

/** `limit` caps the number of items (its meaning is our decision for the group routes: SHOULD). */
export const limitHonoured = defineCheck<{ exchange: Exchange; limit: number; count: number }>(
  'limit-honoured',
  'A list asked for limit=N returns at most N items.',
  { SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, limit, count }, fail) =>
    count > limit ? [fail('SHOULD', exchange, `limit=${limit} returned ${count} items`, { expected: `at most ${limit}`, actual: count })] : [],
);
