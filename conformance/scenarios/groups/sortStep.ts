import { communityScope } from '../../checks/communityScope.ts';
import { sortOrder } from '../../checks/sortOrder.ts';
import { itemsOf } from '../../checks/values.ts';
import { sortValues } from '../sortValues.ts';
import { groupStep, scopeOf } from './GroupsFacts.ts';

/**
 * Every value the spec lists for sort is sent once: a 5xx or an undocumented status is a MUST; a refusal or
 * another order only a SHOULD (sort is not described).
 */
export const sortStep = groupStep({
  title: 'sort by every key, both ways',
  needs: ['paging'],
  uses: ['groups'],
  async run(s, { paging, groups }) {
    const scope = scopeOf(s, groups);
    for (const sort of sortValues(s.contract)) {
      const exchange = await s.send({
        operationId: 'listGroups',
        query: { sort, ...(paging.limit ? { limit: Math.min(paging.limit, 100) } : {}) },
        expect: { valid: true, severity: 'SHOULD' },
      });
      if (exchange.response?.status !== 200) continue;
      const items = itemsOf(exchange.response.body);
      s.check(sortOrder, { exchange, sort, items });
      s.check(communityScope, { exchange, ...scope, items });
    }
  },
});
