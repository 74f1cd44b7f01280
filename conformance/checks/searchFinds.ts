import type { Exchange } from '../client/Exchange.ts';
import { stated, defineCheck } from './Check.ts';
import { label, type Json } from './values.ts';

/** A search for a listed group's alias or name finds it (stated: q is "a group name or identifier"). */
export const searchFinds = defineCheck<{ exchange: Exchange; how: string; reference: Json; hits: Json[] }>(
  'search-finds',
  'Search finds a listed group by its alias and by its name.',
  { MUST: stated('Free-text search in `q` plus filters.') },
  ({ exchange, how, reference, hits }, fail) =>
    hits.some((hit) => hit._id === reference._id)
      ? []
      : [
          fail('MUST', exchange, `searching ${how} did not find group ${label(reference)}`, {
            path: 'response.hits',
            expected: reference._id,
            actual: hits.slice(0, 5).map((h) => h._id),
          }),
        ],
);
