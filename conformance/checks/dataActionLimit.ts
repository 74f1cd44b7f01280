import type { Exchange } from '../client/Exchange.ts';
import { stated, defineCheck } from './Check.ts';

/**
 * `data.limit` is a named input of the request ("`limit` integer", the only limit of the data actions
 * under Limits); a limit that does not bound the records is no limit: MUST. Its default and range are ours.
 */
export const dataActionLimit = defineCheck<{ exchange: Exchange; limit: number; count: number }>(
  'data-action-limit',
  'A data action returns at most data.limit records.',
  { MUST: stated('Only the `limit` field of the data-action request (integer) and the `limit` query parameter of the group list exist as named inputs.') },
  ({ exchange, limit, count }, fail) =>
    count > limit
      ? [fail('MUST', exchange, `data.limit=${limit} returned ${count} records`, { path: 'response.data', expected: `at most ${limit}`, actual: count })]
      : [],
);
