import { limitHonoured } from '../../checks/limitHonoured.ts';
import { pageHonoured } from '../../checks/pageHonoured.ts';
import { pagesDisjoint } from '../../checks/pagesDisjoint.ts';
import { itemsOf } from '../../checks/values.ts';
import type { Exchange } from '../../client/Exchange.ts';
import { groupStep } from './GroupsFacts.ts';

/** Two pages in a row, the smallest page, and a page past the end, each against the order the list showed. */
export const pageStep = groupStep({
  title: 'page through the list (limit, page)',
  needs: ['paging'],
  uses: ['groups'],
  async run(s, { paging, groups }) {
    const ordered = groups?.ordered ?? [];
    if (ordered.length < 2) return s.skip('fewer than 2 groups: nothing to page');
    const limit = ordered.length >= 4 ? 2 : 1;
    const pages: string[][] = [];
    const exchanges: Exchange[] = [];
    for (const n of [0, 1]) {
      const page = paging.firstPage + n;
      const exchange = await s.send({ operationId: 'listGroups', query: { limit, page }, expect: { valid: true, severity: 'SHOULD' } });
      exchanges.push(exchange);
      const items = itemsOf(exchange.response?.body);
      pages.push(items.map((g) => String(g._id)));
      s.check(limitHonoured, { exchange, limit, count: items.length });
      const expected = ordered.slice(n * limit, (n + 1) * limit).map((g) => String(g._id));
      s.check(pageHonoured, { exchange, page, limit, expected, actual: items.slice(0, limit).map((g) => String(g._id)) });
    }
    s.check(pagesDisjoint, { exchange: exchanges[1] as Exchange, first: pages[0] ?? [], second: pages[1] ?? [] });
    // The smallest page: limit=1 is the first group alone (an implementation that answers it empty breaks paging).
    if (limit !== 1) {
      const one = await s.send({ operationId: 'listGroups', query: { limit: 1, page: paging.firstPage }, expect: { valid: true, severity: 'SHOULD' } });
      if (one.response?.status === 200) {
        const items = itemsOf(one.response.body);
        s.check(limitHonoured, { exchange: one, limit: 1, count: items.length });
        s.check(pageHonoured, {
          exchange: one,
          page: paging.firstPage,
          limit: 1,
          expected: ordered.slice(0, 1).map((g) => String(g._id)),
          actual: items.slice(0, 1).map((g) => String(g._id)),
        });
      }
    }
    // A page past the end is empty: an implementation that repeats its last page (or clamps page) answers groups.
    if (groups?.complete) {
      const page = paging.firstPage + Math.ceil(ordered.length / limit) + 3;
      const past = await s.send({ operationId: 'listGroups', query: { limit, page }, expect: { valid: true, severity: 'SHOULD' } });
      if (past.response?.status === 200)
        s.check(pageHonoured, { exchange: past, page, limit, expected: [], actual: itemsOf(past.response.body).map((g) => String(g._id)) });
    }
  },
});
