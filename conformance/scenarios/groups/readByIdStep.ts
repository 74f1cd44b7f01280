import { communityScope } from '../../checks/communityScope.ts';
import { getMatchesList } from '../../checks/getMatchesList.ts';
import { isRecord, type Json } from '../../checks/values.ts';
import { groupStep } from './GroupsFacts.ts';

/** The first, the last and one drawn listed group read by id (and up to two deleted ones): each as the list showed it. */
export const readByIdStep = groupStep({
  title: 'read groups by id',
  // Paging is not used: a list that could not be read is the reason given, as for every step after it.
  needs: ['paging', 'groups'],
  uses: ['deleted'],
  async run(s, { groups, deleted = [] }) {
    const { ordered, scope } = groups;
    const picks = [...new Set([0, ordered.length - 1, s.rng.int(0, ordered.length - 1)])].map((i) => ordered[i] as Json);
    // "Deleting a group sets it to false … the group remains a document": a deleted group is read by id too.
    for (const listed of [...picks, ...deleted.slice(0, 2)]) {
      if (typeof listed._id !== 'string') continue;
      const exchange = await s.send({ operationId: 'getGroup', path: { groupId: listed._id }, expect: { valid: true } });
      const read = exchange.response?.body;
      if (!isRecord(read)) continue;
      s.check(getMatchesList, { exchange, listed, read });
      s.check(communityScope, { exchange, ...scope, items: [read] });
    }
  },
});
