import type { Exchange } from '../client/Exchange.ts';
import { defineCheck, stated } from './Check.ts';
import type { Json } from './values.ts';

/**
 * "Each supplies the community's users or components" (stated): asked for another community (its
 * context.community), a data action answers that community's records, or none, never this one's. A target that
 * ignores context.community answers the same records for both: that is what is judged, since an alias may
 * legitimately recur in two communities but their whole record lists do not coincide.
 */
export const dataActionCommunity = defineCheck<{ exchange: Exchange; community: string; otherCommunity: string; mine: Json[]; other: Json[] }>(
  'data-action-community',
  "A data action asked for another community never answers this community's records.",
  {
    MUST: stated("Each supplies the community's users or components that were updated after a given instant, for a given season (school period)."),
  },
  ({ exchange, community, otherCommunity, mine, other }, fail) => {
    if (exchange.response?.status !== 200 || other.length === 0 || mine.length === 0) return [];
    const key = (r: Json): string => JSON.stringify(r);
    const ours = new Set(mine.map(key));
    const same = other.filter((r) => ours.has(key(r)));
    if (same.length < other.length || other.length !== mine.length) return [];
    return [
      fail(
        'MUST',
        exchange,
        `asked for community ${JSON.stringify(otherCommunity)}, the data action answered the ${mine.length} records it answers for ${JSON.stringify(community)}: context.community is ignored`,
        { path: 'context.community', expected: `the records of ${otherCommunity}, or none`, actual: `the ${mine.length} records of ${community}` },
      ),
    ];
  },
);
