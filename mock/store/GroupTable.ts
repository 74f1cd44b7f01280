import { arrayMatches, compareGroups, DEFAULT_SORT, EMPTY_MATCHES, groupMatches, type GroupMatches, isDefaultSort } from './GroupMatches.ts';
import { normalizeText } from './normalizeText.ts';
import type { GroupRecord } from './records.ts';
import { SetIndex } from './SetIndex.ts';
import { SortedIdIndex } from './SortedIdIndex.ts';
import type { GroupQuery, Page, SortTerm } from './Store.ts';
import { TrigramIndex } from './TrigramIndex.ts';

interface CommunityGroups {
  /** Ids in creation order: filled at load. */
  all: SortedIdIndex;
  /**
   * The same order per season and/or `active` ("the active classes of 2026" is the most common filter: it
   * pages without a scan), each derived from `all` on first use so that start-up only builds `all`.
   */
  subsets: Map<string, SortedIdIndex>;
  byAlias: Map<string, string>;
  byName?: SetIndex;
  /** Sorted records for non-default sorts, built on first use (the table does not change once built). */
  sorted: Map<string, GroupRecord[]>;
  /** The trigram index of the folded names and aliases, built on the first text query (null: not possible). */
  text?: TrigramIndex | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The groups of the seeded base and every index the group routes and the data actions need. Filled once by
 * `load` and never changed afterwards (a session's writes live in its overlay), so cached orders never go
 * stale. `match` answers the list and search without a scan for the common filters (none, active, season,
 * a creation day) and from the smallest indexed set otherwise; free text goes through a trigram index.
 */
export class GroupTable {
  private readonly records = new Map<string, GroupRecord>();
  private readonly communities = new Map<string, CommunityGroups>();
  /** Built on first use (one pass over every group), so start-up at a million groups does not pay for them. */
  private links?: { byAdminUser: SetIndex; byComponent: SetIndex };
  /** community → tag name → tag id. */
  private readonly tagIds = new Map<string, Map<string, string>>();

  /** Loads every group, in creation order, so every SortedIdIndex insert is an append: O(n), not O(n²). */
  load(groups: readonly GroupRecord[], onProgress?: (done: number) => void): void {
    const sorted = isSortedByCreation(groups) ? groups : [...groups].sort(byCreation);
    let i = 0;
    for (const g of sorted) {
      this.put(g);
      if (onProgress && ++i % 100_000 === 0) onProgress(i);
    }
  }

  get size(): number {
    return this.records.size;
  }

  get(id: string): GroupRecord | undefined {
    return this.records.get(id);
  }

  values(): IterableIterator<GroupRecord> {
    return this.records.values();
  }

  byAlias(community: string, alias: string): GroupRecord | undefined {
    const id = this.communities.get(community)?.byAlias.get(alias);
    return id === undefined ? undefined : this.records.get(id);
  }

  administeredBy(userId: string): ReadonlySet<string> {
    return this.linkIndexes().byAdminUser.get(userId);
  }

  linkedToComponent(componentId: string): ReadonlySet<string> {
    return this.linkIndexes().byComponent.get(componentId);
  }

  tagId(community: string, name: string): string | undefined {
    return this.tagIds.get(community)?.get(name);
  }

  /** The folded name and alias a text query is matched against. */
  folded(g: GroupRecord): string {
    return foldGroup(g);
  }

  query(q: GroupQuery): Page<GroupRecord> {
    const matches = this.match(q);
    const start = (q.page - 1) * q.limit;
    return { items: matches.slice(start, start + q.limit), total: matches.size };
  }

  match(q: GroupQuery): GroupMatches {
    const index = this.communities.get(q.community);
    if (!index) return EMPTY_MATCHES;
    const sort = q.sort && q.sort.length > 0 ? q.sort : DEFAULT_SORT;
    const defaultSort = isDefaultSort(sort);
    const compare = compareGroups(sort);
    const text = q.q !== undefined && q.q !== '' ? normalizeText(q.q) : undefined;
    const ordered = this.subset(index, q.season, q.active);

    const onlySeasonAndActive = q.alias === undefined && q.name === undefined && q.adminUser === undefined && q.createdAt === undefined && text === undefined;
    if (onlySeasonAndActive && defaultSort) return this.orderedMatches(ordered);
    if (onlySeasonAndActive && q.season === undefined && q.active === undefined) return arrayMatches(this.sortedRecords(index, sort), compare);

    // The smallest indexed candidate set; the remaining filters are checked record by record.
    // `inOrder`: the ids come in creation order, so the default sort needs no sorting.
    const candidates: Array<{ size: number; ids: () => Iterable<string>; containText?: true; inOrder?: true }> = [{ size: ordered.size, ids: () => ordered.slice(0), inOrder: true }];
    if (q.alias !== undefined) {
      const id = index.byAlias.get(q.alias);
      candidates.push({ size: id === undefined ? 0 : 1, ids: () => (id === undefined ? [] : [id]) });
    }
    if (q.name !== undefined) {
      const byName = this.names(index);
      candidates.push({ size: byName.count(q.name), ids: () => byName.get(q.name as string) });
    }
    if (q.adminUser !== undefined) {
      const links = this.linkIndexes();
      // Admins are indexed across communities: the community is checked with the other filters.
      candidates.push({ size: links.byAdminUser.count(q.adminUser), ids: () => links.byAdminUser.get(q.adminUser as string) });
    }
    if (q.createdAt !== undefined && DAY.test(q.createdAt)) {
      // A creation day is a range of the creation-order index: two binary searches, no per-day set.
      const from = ordered.lowerBound(`${q.createdAt}T`);
      const to = ordered.lowerBound(`${q.createdAt}U`);
      candidates.push({ size: to - from, ids: () => ordered.slice(from, to), inOrder: true });
    }
    if (text !== undefined) {
      // Built on the first text query of the community, so start-up does not pay for it.
      if (index.text === undefined) index.text = TrigramIndex.build(index.all.slice(0), (id) => foldGroup(this.records.get(id) as GroupRecord)) ?? null;
      const hits = index.text?.search(text);
      if (hits) candidates.push({ size: hits.length, ids: () => hits, containText: true, inOrder: true });
    }
    const smallest = candidates.reduce((a, b) => (b.size < a.size ? b : a));
    // The trigram index's hits contain the text already; any other candidate set is checked for it.
    const textToCheck = smallest.containText ? undefined : text;
    const out: GroupRecord[] = [];
    for (const id of smallest.ids()) {
      const g = this.records.get(id);
      if (g && groupMatches(g, q, () => foldGroup(g), textToCheck)) out.push(g);
    }
    if (!(defaultSort && smallest.inOrder)) out.sort(compare);
    return arrayMatches(out, compare);
  }

  /** Only while loading: the table is immutable once the base is built. */
  private put(g: GroupRecord): void {
    if (this.records.has(g._id)) throw new Error(`group ${g._id} is listed twice`);
    this.records.set(g._id, g);
    const index = this.community(g.community);
    index.all.insert(g.createdAt, g._id);
    index.byAlias.set(g.alias, g._id);
    if (g.tags.length > 0) {
      let tags = this.tagIds.get(g.community);
      if (!tags) this.tagIds.set(g.community, (tags = new Map()));
      for (const t of g.tags) if (!tags.has(t.name)) tags.set(t.name, t.id);
    }
  }

  /** The creation-order ids of a season and/or an `active` value, derived from `all` once. */
  private subset(index: CommunityGroups, season: string | undefined, active: boolean | undefined): SortedIdIndex {
    if (season === undefined && active === undefined) return index.all;
    const key = `${season ?? ''}\u0000${active ?? ''}`;
    let subset = index.subsets.get(key);
    if (!subset) {
      subset = new SortedIdIndex();
      for (let i = 0; i < index.all.size; i++) {
        const g = this.records.get(index.all.idAt(i) as string) as GroupRecord;
        if ((season === undefined || g.season === season) && (active === undefined || g.active === active)) subset.insert(g.createdAt, g._id);
      }
      index.subsets.set(key, subset);
    }
    return subset;
  }

  private names(index: CommunityGroups): SetIndex {
    if (index.byName) return index.byName;
    const byName = new SetIndex();
    for (let i = 0; i < index.all.size; i++) {
      const id = index.all.idAt(i) as string;
      byName.add((this.records.get(id) as GroupRecord).name, id);
    }
    return (index.byName = byName);
  }

  private linkIndexes(): { byAdminUser: SetIndex; byComponent: SetIndex } {
    if (this.links) return this.links;
    const links = { byAdminUser: new SetIndex(), byComponent: new SetIndex() };
    for (const g of this.records.values()) {
      for (const a of g.admins) links.byAdminUser.add(a.user, g._id);
      for (const c of g.components) links.byComponent.add(c, g._id);
    }
    return (this.links = links);
  }

  private orderedMatches(ordered: SortedIdIndex): GroupMatches {
    return {
      size: ordered.size,
      slice: (from, to) => ordered.slice(from, to).map((id) => this.records.get(id) as GroupRecord),
      rank: (g) => ordered.lowerBound(g.createdAt, g._id),
    };
  }

  private community(community: string): CommunityGroups {
    let index = this.communities.get(community);
    if (!index) {
      index = { all: new SortedIdIndex(), subsets: new Map(), byAlias: new Map(), sorted: new Map() };
      this.communities.set(community, index);
    }
    return index;
  }

  private sortedRecords(index: CommunityGroups, sort: SortTerm[]): GroupRecord[] {
    const sortKey = JSON.stringify(sort);
    let records = index.sorted.get(sortKey);
    if (!records) {
      records = index.all.slice(0).map((id) => this.records.get(id) as GroupRecord);
      records.sort(compareGroups(sort));
      index.sorted.set(sortKey, records);
    }
    return records;
  }
}

/** What a text query is matched against: the name and the alias, folded, apart (a match never spans both). */
export function foldGroup(g: GroupRecord): string {
  return normalizeText(`${g.name}\u0000${g.alias}`);
}

function byCreation(a: GroupRecord, b: GroupRecord): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

function isSortedByCreation(groups: readonly GroupRecord[]): boolean {
  for (let i = 1; i < groups.length; i++) if (byCreation(groups[i - 1] as GroupRecord, groups[i] as GroupRecord) > 0) return false;
  return true;
}

export { createdAtMatches } from './GroupMatches.ts';
