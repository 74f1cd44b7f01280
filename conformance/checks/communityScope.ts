import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';
import { label, type Json } from './values.ts';

export interface CommunityScopeInput {
  exchange: Exchange;
  /** The community the groups carry: learned from the first list (MUST: every other group carries it too). */
  community: string;
  items: Json[];
  /** The community-id header sent; the learned value should equal it (SHOULD). */
  header?: string;
}

/**
 * Everything is scoped to the community in `community-id` (stated): the groups of a community all carry
 * one `community` value (MUST). That this value is the header's own is our reading of "identifier of the
 * group's community" and "the community identifier" as one string (SHOULD).
 */
export const communityScope = defineCheck<CommunityScopeInput>(
  'community-scope',
  'Every group returned belongs to the requested community.',
  { MUST: stated('Everything is scoped to a community, identified by a string.'), SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, community, items, header }, fail) => {
    const out: CheckFailure[] = [];
    for (const [index, item] of items.entries()) {
      if (item.community === undefined || item.community === community) continue;
      out.push(
        fail('MUST', exchange, `group ${label(item)} belongs to community ${JSON.stringify(item.community)}, the others to ${JSON.stringify(community)}`, {
          path: `response[${index}].community`,
          expected: community,
          actual: item.community,
        }),
      );
      if (out.length >= 3) break;
    }
    if (header !== undefined && community !== header && items.some((i) => i.community === community)) {
      const index = items.findIndex((i) => i.community === community);
      out.push(
        fail('SHOULD', exchange, `the groups carry community ${JSON.stringify(community)}, not the community-id sent (${JSON.stringify(header)})`, {
          path: `response[${index}].community`,
          expected: header,
          actual: community,
        }),
      );
    }
    return out;
  },
);
