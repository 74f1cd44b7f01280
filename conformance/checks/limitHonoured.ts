import type { Exchange } from '../client/Exchange.ts';
import { defineCheck } from './Check.ts';

/** `limit` caps the number of items (its meaning is our decision for the group routes: SHOULD). */
export const limitHonoured = defineCheck<{ exchange: Exchange; limit: number; count: number }>('limit-honoured', 'A list asked for limit=N returns at most N items.', ({ exchange, limit, count }, fail) =>
  count > limit ? [fail('SHOULD', exchange, `limit=${limit} returned ${count} items`, { expected: `at most ${limit}`, actual: count })] : [],
);
