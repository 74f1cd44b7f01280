import { searchFinds } from '../checks/searchFinds.ts';
import { searchTotal } from '../checks/searchTotal.ts';
import { communityScope } from '../checks/communityScope.ts';
import type { Json } from '../checks/values.ts';
import type { StepContext } from '../step/StepContext.ts';
import { collectGroups, type Collected, type Paging } from './learnPaging.ts';

/**
 * A search that must find `reference`: follows the pages (within the stated bound) until it is found or
 * every match was seen. Not finding it is a failure only when every match was seen: a server whose total
 * is beyond the pages the suite reads is given the benefit of the doubt.
 */
export async function searchFor(
  s: StepContext,
  paging: Paging,
  how: string,
  query: Record<string, string | undefined>,
  reference: Json,
  scope: { community: string; header: string },
): Promise<Collected> {
  const collected = await collectGroups(s, paging, 'searchGroups', query, (items) => items.some((g) => g._id === reference._id));
  const first = collected.exchanges[0];
  if (!first || first.response?.status !== 200) return collected;
  const found = collected.items.some((g) => g._id === reference._id);
  if (found || collected.complete) s.check(searchFinds, { exchange: collected.exchanges.at(-1) ?? first, how, reference, hits: collected.items });
  s.check(searchTotal, { exchange: first, total: collected.total, hits: countOf(first), ...(collected.complete ? { collected: collected.items.length } : {}) });
  for (const exchange of collected.exchanges) s.check(communityScope, { exchange, community: scope.community, header: scope.header, items: hitsOf(exchange) });
  return collected;
}

function hitsOf(exchange: Collected['exchanges'][number]): Json[] {
  const body = exchange.response?.body as Json | undefined;
  return Array.isArray(body?.hits) ? (body.hits as unknown[]).filter((h): h is Json => h !== null && typeof h === 'object' && !Array.isArray(h)) : [];
}

function countOf(exchange: Collected['exchanges'][number]): number {
  return hitsOf(exchange).length;
}
