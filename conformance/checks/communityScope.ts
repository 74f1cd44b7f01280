import type { Exchange } from '../client/Exchange.ts';
import { defineCheck, type CheckFailure } from './Check.ts';
import { label, type Json } from './values.ts';

/** Everything is scoped to the community in `community-id`: a group that names another community leaked. */
export const communityScope = defineCheck<{ exchange: Exchange; community: string; items: Json[] }>('community-scope', 'Every group returned belongs to the requested community.', ({ exchange, community, items }, fail) => {
  const out: CheckFailure[] = [];
  for (const [index, item] of items.entries()) {
    if (item.community === undefined || item.community === community) continue;
    out.push(fail('MUST', exchange, `group ${label(item)} belongs to community ${JSON.stringify(item.community)}`, { path: `response[${index}].community`, expected: community, actual: item.community }));
    if (out.length >= 3) break;
  }
  return out;
});
