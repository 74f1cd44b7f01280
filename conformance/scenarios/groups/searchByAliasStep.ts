import { filterMatches } from '../../checks/filterMatches.ts';
import { foldText, searchNarrows } from '../../checks/searchNarrows.ts';
import { isRecord, itemsOf, type Json } from '../../checks/values.ts';
import { searchFor } from '../searchGroupsFor.ts';
import { groupStep } from './GroupsFacts.ts';

/** One listed group searched for by its alias (alias= and q=) and by its name; q must narrow what a search without filters matched. */
export const searchByAliasStep = groupStep({
  title: 'search by alias and by name',
  needs: ['paging', 'groups'],
  uses: ['everything'],
  async run(s, { paging, groups, everything }) {
    const { ordered, scope } = groups;
    const candidates = ordered.filter((g) => typeof g.alias === 'string');
    if (candidates.length === 0) return s.skip('no listed group has an alias');
    const reference = s.rng.pick(candidates);
    const alias = reference.alias as string;
    const byAlias = await searchFor(s, paging, `alias=${alias}`, { alias }, reference, scope);
    const first = byAlias.exchanges[0];
    if (first)
      s.check(filterMatches, {
        exchange: first,
        filter: `alias=${alias}`,
        items: byAlias.items,
        matches: (g) => g.alias === alias,
        show: (g) => g.alias,
        severity: 'MUST',
      });
    const byQ = await searchFor(s, paging, `q=${alias} (its alias)`, { q: alias }, reference, scope);
    const q0 = byQ.exchanges[0];
    if (q0?.response?.status === 200 && everything !== undefined) {
      const unrelated = ordered.find((g) => cannotMatch(g, alias));
      const qBody = q0.response.body;
      const count = isRecord(qBody) && typeof qBody.total === 'number' ? qBody.total : itemsOf(qBody).length;
      s.check(searchNarrows, { exchange: q0, q: alias, hits: itemsOf(qBody), count, everything, ...(unrelated ? { unrelated } : {}) });
    }
    if (typeof reference.name === 'string') await searchFor(s, paging, `q=${reference.name} (its name)`, { q: reference.name }, reference, scope);
  },
});

/**
 * A group no reading of `q` can match: neither its name nor its alias contains q (case, accents and
 * punctuation folded), and it does not hold every word of q either.
 */
function cannotMatch(group: Json, q: string): boolean {
  const words = (v: unknown): string[] =>
    String(v ?? '')
      .split(/[^\p{L}\p{N}]+/u)
      .map(foldText)
      .filter(Boolean);
  const folded = foldText(q);
  const mine = new Set([...words(group.name), ...words(group.alias)]);
  return !foldText(group.name).includes(folded) && !foldText(group.alias).includes(folded) && !words(q).every((w) => mine.has(w));
}
