import { communityScope } from '../../checks/communityScope.ts';
import { filterSubset } from '../../checks/filterSubset.ts';
import { searchTotal } from '../../checks/searchTotal.ts';
import { isRecord, itemsOf } from '../../checks/values.ts';
import { GROUP_FILTERS } from '../groupFilters.ts';
import { searchFor } from '../searchGroupsFor.ts';
import { groupStep } from './GroupsFacts.ts';
import { judgeMatches } from './judgeMatches.ts';
import { referenceValues } from './referenceValues.ts';

/** A search without filters (how many it matches is handed on), then with the filters' most telling values. */
export const searchStep = groupStep({
  title: 'search with filters',
  needs: ['paging', 'groups'],
  provides: ['everything'],
  async run(s, { paging, groups }, provide) {
    const { ordered, byId: universe, complete, scope } = groups;
    const all = await s.send({ operationId: 'searchGroups', expect: { valid: true } });
    const body = all.response?.body;
    const hits = itemsOf(body);
    const everything = isRecord(body) && typeof body.total === 'number' ? body.total : hits.length;
    provide('everything', everything);
    s.check(communityScope, { exchange: all, ...scope, items: hits });
    // `total` counts the matches, not the page: the same search cut to two hits a page keeps its total.
    if (everything >= 3) {
      const paged = await s.send({
        operationId: 'searchGroups',
        query: { limit: 2, page: paging.firstPage },
        expect: { valid: true, severity: 'SHOULD' },
      });
      const pagedBody = paged.response?.body;
      if (paged.response?.status === 200 && isRecord(pagedBody))
        s.check(searchTotal, { exchange: paged, total: pagedBody.total, hits: itemsOf(pagedBody).length, collected: everything });
    }
    s.check(filterSubset, {
      exchange: all,
      filter: 'no filter',
      items: hits.filter((g) => complete || universe.has(String(g._id))),
      universe,
      complete: true,
    });
    for (const filter of GROUP_FILTERS) {
      // The list step tries every chosen value; search repeats the two most discriminating (bounded work).
      for (const { value, reference } of referenceValues(s, filter, ordered).slice(0, 2)) {
        const alias = typeof reference?.alias === 'string' ? reference.alias : undefined;
        const query = { [filter.param]: value, alias };
        const how = `${alias ? `alias=${alias}&` : ''}${filter.param}=${value}`;
        const found =
          reference && alias
            ? (await searchFor(s, paging, how, query, reference, scope)).items
            : itemsOf((await s.send({ operationId: 'searchGroups', query, expect: { valid: true } })).response?.body);
        const exchange = s.client.exchanges.at(-1);
        if (exchange) judgeMatches(s, exchange, filter, value, found);
      }
    }
  },
});
