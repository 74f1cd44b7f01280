import type { Exchange } from '../client/Exchange.ts';
import { itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../run/StepContext.ts';

/** The largest page our spec allows; most communities fit in one. */
export const PAGE_SIZE = 1000;
const MAX_PAGES = 50;

export interface Collected {
  items: Json[];
  /** False when paging did not work, so the items may be only part of the matches. */
  complete: boolean;
  exchanges: Exchange[];
}

/**
 * Every group matching `query` (listGroups or searchGroups), following pages until an empty or repeated
 * one. Paging is our decision, so a server that refuses page/limit gets one plain request instead.
 */
export async function listAllGroups(s: StepContext, operationId: 'listGroups' | 'searchGroups', query: Record<string, string | undefined>): Promise<Collected> {
  const items: Json[] = [];
  const seen = new Set<string>();
  const exchanges: Exchange[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const exchange = await s.send({ operationId, query: { ...query, limit: PAGE_SIZE, page }, expect: { valid: true, severity: 'SHOULD' } });
    exchanges.push(exchange);
    const status = exchange.response?.status ?? 0;
    if (status >= 400 && status < 500 && page === 1) {
      const plain = await s.send({ operationId, query, expect: { valid: true } });
      exchanges.push(plain);
      return { items: itemsOf(plain.response?.body), complete: false, exchanges };
    }
    if (status !== 200) return { items, complete: false, exchanges };
    const batch = itemsOf(exchange.response?.body);
    const fresh = batch.filter((item) => typeof item._id !== 'string' || !seen.has(item._id));
    if (batch.length === 0) return { items, complete: true, exchanges };
    // A page that repeats what came before: the server ignores `page` (pages-disjoint reports that).
    if (fresh.length === 0) return { items, complete: true, exchanges };
    for (const item of fresh) {
      if (typeof item._id === 'string') seen.add(item._id);
      items.push(item);
    }
  }
  return { items, complete: false, exchanges };
}
