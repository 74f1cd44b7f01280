import { compareGroups, DEFAULT_SORT, groupMatches, type GroupMatches } from './GroupMatches.ts';
import { foldGroup } from './GroupTable.ts';
import { normalizeText } from '../../fixtures/normalizeText.ts';
import type { GroupRecord } from '../../fixtures/records.ts';
import type { GroupQuery, Page } from './Store.ts';
import type { Stored } from './Stored.ts';

/**
 * One page of a group query in a session: the base's matches with the session's own groups merged in, as
 * if the base had been written to. A group the session rewrote replaces its base version everywhere: the
 * base version drops out (`shadowed`), the new one is placed by the query's order if it still matches.
 * Only a window of the base around the page is read, and the total is counted without building the rest.
 */
export function mergeGroupPage(
  base: GroupMatches,
  baseGroup: (id: string) => Stored<GroupRecord> | undefined,
  baseFolded: (g: Stored<GroupRecord>) => string,
  written: Iterable<Stored<GroupRecord>>,
  q: GroupQuery,
): Page<Stored<GroupRecord>> {
  const compare = compareGroups(q.sort && q.sort.length > 0 ? q.sort : DEFAULT_SORT);
  const text = q.q !== undefined && q.q !== '' ? normalizeText(q.q) : undefined;
  const shadowed: Stored<GroupRecord>[] = [];
  const shadowedIds = new Set<string>();
  const added: Stored<GroupRecord>[] = [];
  for (const g of written) {
    const before = baseGroup(g._id);
    if (before && groupMatches(before, q, () => baseFolded(before), text)) {
      shadowed.push(before);
      shadowedIds.add(before._id);
    }
    if (groupMatches(g, q, () => foldGroup(g), text)) added.push(g);
  }
  shadowed.sort(compare);
  added.sort(compare);
  const total = base.size - shadowed.length + added.length;

  const start = (q.page - 1) * q.limit;
  const end = start + q.limit;
  const shadowRanks = shadowed.map((g) => base.rank(g));
  const countBelow = (sorted: readonly Stored<GroupRecord>[], g: Stored<GroupRecord>): number => {
    let n = 0;
    while (n < sorted.length && compare(sorted[n] as Stored<GroupRecord>, g) < 0) n++;
    return n;
  };
  const placed: Array<{ at: number; group: Stored<GroupRecord> }> = [];
  // A base match at base index i lands at i - (shadowed before it) + (added before it): never more than
  // |added| later or |shadowed| earlier, so this window of the base holds every base match of the page.
  const from = Math.max(0, start - added.length);
  const window = base.slice(from, Math.min(base.size, end + shadowed.length));
  window.forEach((g, k) => {
    if (shadowedIds.has(g._id)) return;
    const i = from + k;
    let shadowedBefore = 0;
    while (shadowedBefore < shadowRanks.length && (shadowRanks[shadowedBefore] as number) < i) shadowedBefore++;
    const at = i - shadowedBefore + countBelow(added, g);
    if (at >= start && at < end) placed.push({ at, group: g });
  });
  added.forEach((g, j) => {
    const at = base.rank(g) - countBelow(shadowed, g) + j;
    if (at >= start && at < end) placed.push({ at, group: g });
  });
  placed.sort((a, b) => a.at - b.at);
  return { items: placed.map((p) => p.group), total };
}
