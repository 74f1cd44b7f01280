import type { Exchange } from '../client/Exchange.ts';
import { itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../step/StepContext.ts';

/**
 * How the implementation pages the group list, learned from its own answers: the description says
 * "Type, meaning and defaults of `sort`, `page` and `limit`: not shown", so none of this is ever a MUST.
 */
export interface Paging {
  /** The number of the first page: 1 (our decision) or 0. */
  firstPage: 0 | 1;
  /** Whether `page` moves through the list at all. */
  pageWorks: boolean;
  /** The largest `limit` accepted among those tried, or undefined when `limit` is refused or ignored. */
  limit?: number;
  /** How many groups a request without page or limit returns. */
  defaultSize: number;
  /** X-Total-Count of the unpaged list, when sent. */
  total?: number;
  /** The answer to the request without page or limit. */
  plain: Exchange;
  /** Every answer of the unfiltered list while learning (their X-Total-Count must all count the same list). */
  exchanges: Exchange[];
}

/** Page sizes tried, largest first: 1000 is our decided maximum; implementations often cap at 100 or 50. */
export const LIMITS = [1000, 100, 50, 20, 10] as const;
/** Stated bounds on collecting "all matches": at most this many pages of one list or search. */
export const MAX_PAGES = 5;

const ids = (exchange: Exchange | undefined): string =>
  itemsOf(exchange?.response?.body)
    .map((g) => String(g._id))
    .join();
const ok = (exchange: Exchange | undefined): boolean => exchange?.response?.status === 200;

export function totalOf(exchange: Exchange | undefined): number | undefined {
  const header = exchange?.response?.headers['x-total-count'];
  return header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

/**
 * At most 2 + |LIMITS| + 3 requests: the plain list; the largest limit accepted (a refused 1000 is a SHOULD
 * note through valid-request-accepted, the smaller tries are probes); then limit=2 without page, with
 * page=1 and with page=0: whichever of page 1 and page 0 repeats the first slice is the first page.
 */
export async function learnPaging(s: StepContext): Promise<Paging> {
  const plain = await s.send({ operationId: 'listGroups', expect: { valid: true } });
  const defaultSize = itemsOf(plain.response?.body).length;
  const paging: Paging = { firstPage: 1, pageWorks: false, defaultSize, plain, exchanges: [plain] };
  const send = async (query: Record<string, number>, expect: Parameters<StepContext['send']>[0]['expect']): Promise<Exchange> => {
    const exchange = await s.send({ operationId: 'listGroups', query, expect });
    paging.exchanges.push(exchange);
    return exchange;
  };
  const total = totalOf(plain);
  if (total !== undefined) paging.total = total;
  for (const [index, limit] of LIMITS.entries()) {
    const exchange = await send({ limit }, index === 0 ? { valid: true, severity: 'SHOULD' } : { probe: true });
    if (!ok(exchange)) continue;
    // A limit that returns more than asked is ignored: not a page size the suite can rely on.
    if (itemsOf(exchange.response?.body).length <= limit) paging.limit = limit;
    break;
  }
  const known = Math.max(defaultSize, paging.total ?? 0);
  if (known < 4) return paging;
  const head = await send({ limit: 2 }, { probe: true });
  const one = await send({ limit: 2, page: 1 }, { valid: true, severity: 'SHOULD' });
  if (!ok(head) || !ok(one)) return paging;
  if (ids(one) !== ids(head)) {
    const zero = await send({ limit: 2, page: 0 }, { probe: true });
    if (ok(zero) && ids(zero) === ids(head)) {
      paging.firstPage = 0;
      paging.pageWorks = true;
    }
    return paging;
  }
  const two = await send({ limit: 2, page: 2 }, { probe: true });
  paging.pageWorks = ok(two) && ids(two) !== ids(one);
  return paging;
}

export interface Collected {
  items: Json[];
  /** True when every match was collected: the end of the list was reached (or total says so). */
  complete: boolean;
  exchanges: Exchange[];
  /** X-Total-Count (list) or `total` (search) of the first answer. */
  total?: number;
}

/**
 * The groups matching `query`, page after page in the learned convention, within MAX_PAGES pages: the
 * end of the list (a short, empty or repeated page, or `total` reached) makes it complete. `until` stops
 * early once it holds (a search that found its group).
 */
export async function collectGroups(
  s: StepContext,
  paging: Paging,
  operationId: 'listGroups' | 'searchGroups',
  query: Record<string, string | undefined>,
  until?: (items: Json[]) => boolean,
): Promise<Collected> {
  const items: Json[] = [];
  const seen = new Set<string>();
  const exchanges: Exchange[] = [];
  const search = operationId === 'searchGroups';
  // Search has no documented page or limit: it pages only when its total says there is more.
  const limit = search ? undefined : paging.limit;
  let total: number | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    const page = n === 0 ? undefined : paging.firstPage + n;
    if (n > 0 && !paging.pageWorks) break;
    const exchange = await s.send({
      operationId,
      query: { ...query, ...(limit ? { limit } : {}), ...(page !== undefined ? { page } : {}) },
      expect: n === 0 && !limit ? { valid: true } : { valid: true, severity: 'SHOULD' },
    });
    exchanges.push(exchange);
    if (!ok(exchange)) return { items, complete: false, exchanges, ...(total !== undefined ? { total } : {}) };
    const body = exchange.response?.body;
    if (n === 0) {
      const t = search
        ? body && typeof body === 'object' && typeof (body as Json).total === 'number'
          ? ((body as Json).total as number)
          : undefined
        : totalOf(exchange);
      if (t !== undefined) total = t;
    }
    const batch = itemsOf(body);
    const fresh = batch.filter((g) => typeof g._id !== 'string' || !seen.has(g._id));
    for (const g of fresh) {
      if (typeof g._id === 'string') seen.add(g._id);
      items.push(g);
    }
    // The end: total reached, an empty page, or (when page cannot move) a page short of the page size.
    // A short page is not the end when page works: a server may clamp a large limit to its own maximum.
    const done = (total !== undefined && items.length >= total) || batch.length === 0;
    const short = total === undefined && !paging.pageWorks && batch.length < (limit ?? paging.defaultSize);
    if (done || short) return { items, complete: true, exchanges, ...(total !== undefined ? { total } : {}) };
    if (fresh.length === 0 || until?.(items)) break;
  }
  return { items, complete: total !== undefined && items.length >= total, exchanges, ...(total !== undefined ? { total } : {}) };
}
