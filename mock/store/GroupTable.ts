import { arrayMatches, compareGroups, DEFAULT_SORT, EMPTY_MATCHES, groupMatches, type GroupMatches, isDefaultSort } from './GroupMatches.ts';
import { normalizeText } from './normalizeText.ts';
import type { GroupRecord } from './records.ts';
import { SetIndex } from './SetIndex.ts';
import { SortedIdIndex } from './SortedIdIndex.ts';
import type { GroupQuery, Page, SortTerm } from './Store.ts';
import { TrigramIndex } from './TrigramIndex.ts';

/** Ids in creation order: all of them, and split by `active`. */
interface OrderedGroups {
  all: SortedIdIndex;
  active: SortedIdIndex;
  inactive: SortedIdIndex;
}

interface CommunityGroups extends OrderedGroups {
  /** The same, per season: "the classes of 2026" is the most common filter, and it pages without a scan. */
  seasons: Map<string, OrderedGroups>;
  byAlias: Map<string, string>;
  byName: SetIndex;
  /** Sorted records for non-default sorts, built on first use (the table does not change once built). */
  sorted: Map<string, GroupRecord[]>;
}

function orderedGroups(): OrderedGroups {
  return { all: new SortedIdIndex(), active: new SortedIdIndex(), inactive: new SortedIdIndex() };
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
  private readonly byComponent = new SetIndex();
  private readonly byAdminUser = new SetIndex();
  private readonly text = new TrigramIndex();
  /** community + tag name → tag id. */
  private readonly tagIds = new Map<string, string>();

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
    return this.byAdminUser.get(userId);
  }

  linkedToComponent(componentId: string): ReadonlySet<string> {
    return this.byComponent.get(componentId);
  }

  tagId(community: string, name: string): string | undefined {
    return this.tagIds.get(`${community}\u0000${name}`);
  }

  /** The folded name and alias a text query is matched against. */
  folded(g: GroupRecord): string {
    return this.text.textOf(g._id) ?? foldGroup(g);
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
    const scope = q.season === undefined ? index : index.seasons.get(q.season);
    if (!scope) return EMPTY_MATCHES;
    const ordered = q.active === undefined ? scope.all : q.active ? scope.active : scope.inactive;

    const onlySeasonAndActive = q.alias === undefined && q.name === undefined && q.adminUser === undefined && q.createdAt === undefined && text === undefined;
    if (onlySeasonAndActive && defaultSort) return this.orderedMatches(ordered);
    if (onlySeasonAndActive && q.season === undefined && q.active === undefined) return arrayMatches(this.sortedRecords(index, sort), compare);

    // The smallest indexed candidate set; the remaining filters are checked record by record.
    const candidates: Array<{ size: number; ids: () => Iterable<string> }> = [{ size: ordered.size, ids: () => ordered.slice(0) }];
    if (q.alias !== undefined) {
      const id = index.byAlias.get(q.alias);
      candidates.push({ size: id === undefined ? 0 : 1, ids: () => (id === undefined ? [] : [id]) });
    }
    if (q.name !== undefined) candidates.push({ size: index.byName.count(q.name), ids: () => index.byName.get(q.name as string) });
    if (q.adminUser !== undefined) candidates.push({ size: this.byAdminUser.count(q.adminUser), ids: () => this.byAdminUser.get(q.adminUser as string) });
    if (q.createdAt !== undefined && DAY.test(q.createdAt)) {
      // A creation day is a range of the creation-order index: two binary searches, no per-day set.
      const from = ordered.lowerBound(`${q.createdAt}T`);
      const to = ordered.lowerBound(`${q.createdAt}U`);
      candidates.push({ size: to - from, ids: () => ordered.slice(from, to) });
    }
    if (text !== undefined) {
      const hits = this.text.candidates(text);
      if (hits) candidates.push({ size: hits.length, ids: () => hits });
    }
    const smallest = candidates.reduce((a, b) => (b.size < a.size ? b : a));
    const out: GroupRecord[] = [];
    for (const id of smallest.ids()) {
      const g = this.records.get(id);
      if (g && groupMatches(g, q, () => this.folded(g), text)) out.push(g);
    }
    out.sort(compare);
    return arrayMatches(out, compare);
  }

  /** Only while loading: the table is immutable once the base is built. */
  private put(g: GroupRecord): void {
    if (this.records.has(g._id)) throw new Error(`group ${g._id} is listed twice`);
    this.records.set(g._id, g);
    const index = this.community(g.community);
    let season = index.seasons.get(g.season);
    if (!season) index.seasons.set(g.season, (season = orderedGroups()));
    for (const ordered of [index, season]) {
      ordered.all.insert(g.createdAt, g._id);
      (g.active ? ordered.active : ordered.inactive).insert(g.createdAt, g._id);
    }
    index.byAlias.set(g.alias, g._id);
    index.byName.add(g.name, g._id);
    for (const a of g.admins) this.byAdminUser.add(a.user, g._id);
    for (const c of g.components) this.byComponent.add(c, g._id);
    for (const t of g.tags) {
      const key = `${g.community}\u0000${t.name}`;
      if (!this.tagIds.has(key)) this.tagIds.set(key, t.id);
    }
    this.text.add(g._id, foldGroup(g));
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
      index = { ...orderedGroups(), seasons: new Map(), byAlias: new Map(), byName: new SetIndex(), sorted: new Map() };
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
