import { communityScope } from '../../checks/communityScope.ts';
import { defaultOrder } from '../../checks/defaultOrder.ts';
import { totalCount } from '../../checks/totalCount.ts';
import { itemsOf, type Json } from '../../checks/values.ts';
import { collectGroups, learnPaging } from '../learnPaging.ts';
import { groupStep } from './GroupsFacts.ts';

/** The unfiltered list: its paging conventions, its default order, its community; every later step starts here. */
export const listStep = groupStep({
  title: 'list groups (paging conventions, default order, community)',
  provides: ['paging', 'listed', 'groups'],
  async run(s, _given, provide) {
    const community = s.config.community as string;
    const paging = await learnPaging(s);
    provide('paging', paging);
    const collected = await collectGroups(s, paging, 'listGroups', {});
    const ordered = collected.items.length > 0 ? collected.items : itemsOf(paging.plain.response?.body);
    const complete = collected.complete;
    provide('listed', [paging.plain, ...collected.exchanges]);
    const byId = new Map(ordered.filter((g) => typeof g._id === 'string').map((g) => [g._id as string, g]));
    const scope = { community: communityValue(ordered, community), header: community };
    if (ordered.length > 0) provide('groups', { ordered, byId, complete, scope });
    s.check(defaultOrder, { exchange: paging.plain, items: itemsOf(paging.plain.response?.body) });
    for (const exchange of [paging.plain, ...collected.exchanges]) s.check(communityScope, { exchange, ...scope, items: itemsOf(exchange.response?.body) });
    if (collected.exchanges[0]) s.check(defaultOrder, { exchange: collected.exchanges[0], items: itemsOf(collected.exchanges[0].response?.body) });
    if (complete) for (const exchange of [...paging.exchanges, ...collected.exchanges]) s.check(totalCount, { exchange, collected: collected.items.length });
  },
});

/** The value groups carry in `community`: the header's when any group shows it, else the most common one. */
function communityValue(groups: Json[], header: string): string {
  const counts = new Map<string, number>();
  for (const g of groups) if (typeof g.community === 'string') counts.set(g.community, (counts.get(g.community) ?? 0) + 1);
  if (counts.size === 0 || counts.has(header)) return header;
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? header;
}
