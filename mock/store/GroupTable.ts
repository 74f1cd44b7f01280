import { normalizeText } from './normalizeText.ts';
import type { GroupRecord } from './records.ts';
import { SetIndex } from './SetIndex.ts';
import { SortedIdIndex } from './SortedIdIndex.ts';
import type { GroupQuery, Page, SortTerm } from './Store.ts';

const DEFAULT_SORT: SortTerm[] = [{ key: 'createdAt', descending: false }];

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
  bySeason: SetIndex;
  byAdmin: SetIndex;
  byDay: SetIndex;
  /** Sorted id lists for non-default sorts, built on first use and dropped on any write to the community. */
  sorted: Map<string, string[]>;
}

function orderedGroups(): OrderedGroups {
  return { all: new SortedIdIndex(), active: new SortedIdIndex(), inactive: new SortedIdIndex() };
}

/**
 * The groups and every index the group routes and the data actions need. It owns the records it is given
 * (callers copy on the way in and out); `query` answers the list and search without a scan for the common
 * filters (none, active, season) and from the smallest indexed set otherwise.
 */
export class GroupTable {
  private readonly records = new Map<string, GroupRecord>();
  private readonly communities = new Map<string, CommunityGroups>();
  private readonly searchText = new Map<string, string>();
  private readonly byComponent = new SetIndex();
  private readonly byAdminUser = new SetIndex();
  /** community + tag name → tag id; never forgotten, so a re-used name gets its old id back. */
  private readonly tagIds = new Map<string, string>();

  /** Loads many at once, in creation order, so every SortedIdIndex insert is an append: O(n), not O(n²). */
  load(groups: GroupRecord[]): void {
    for (const g of [...groups].sort(byCreation)) this.put(g);
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

  put(g: GroupRecord): void {
    const previous = this.records.get(g._id);
    if (previous) this.unindex(previous);
    this.records.set(g._id, g);
    this.index(g);
  }

  query(q: GroupQuery): Page<GroupRecord> {
    const index = this.communities.get(q.community);
    if (!index) return { items: [], total: 0 };
    const sort = q.sort && q.sort.length > 0 ? q.sort : DEFAULT_SORT;
    const isDefaultSort = sort.length === 1 && sort[0]?.key === 'createdAt' && !sort[0].descending;
    const start = (q.page - 1) * q.limit;
    const page = (ids: string[], total: number): Page<GroupRecord> => ({ items: ids.map((id) => structuredClone(this.records.get(id) as GroupRecord)), total });
    const hasText = q.q !== undefined && q.q !== '';

    const onlySeasonAndActive = q.alias === undefined && q.name === undefined && q.adminUser === undefined && q.createdAt === undefined && !hasText;
    if (onlySeasonAndActive && isDefaultSort) {
      // The common case, no scan: a creation-order index (of the season, when filtered by one) is the answer.
      const scope = q.season === undefined ? index : index.seasons.get(q.season);
      if (!scope) return { items: [], total: 0 };
      const ordered = q.active === undefined ? scope.all : q.active ? scope.active : scope.inactive;
      return page(ordered.slice(start, start + q.limit), ordered.size);
    }

    // The smallest indexed candidate set; the remaining filters are checked record by record.
    const sets: Array<ReadonlySet<string>> = [];
    if (q.alias !== undefined) sets.push(new Set(index.byAlias.has(q.alias) ? [index.byAlias.get(q.alias) as string] : []));
    if (q.name !== undefined) sets.push(index.byName.get(q.name));
    if (q.season !== undefined) sets.push(index.bySeason.get(q.season));
    if (q.adminUser !== undefined) sets.push(index.byAdmin.get(q.adminUser));
    if (q.createdAt !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(q.createdAt)) sets.push(index.byDay.get(q.createdAt));
    const needsScan = hasText || (q.createdAt !== undefined && sets.length === 0);

    let candidates: GroupRecord[];
    if (sets.length > 0) {
      const smallest = sets.reduce((a, b) => (b.size < a.size ? b : a));
      candidates = [...smallest].map((id) => this.records.get(id) as GroupRecord).filter((g) => this.matches(g, q));
      candidates.sort(compareGroups(sort));
    } else if (!needsScan && q.active === undefined) {
      // A non-default sort without filters: the cached sorted list is the answer, sliced.
      const ids = this.sortedIds(index, sort);
      return page(ids.slice(start, start + q.limit), ids.length);
    } else {
      candidates = [];
      for (const id of isDefaultSort ? index.all.slice(0) : this.sortedIds(index, sort)) {
        const g = this.records.get(id) as GroupRecord;
        if (this.matches(g, q)) candidates.push(g);
      }
    }
    return { items: candidates.slice(start, start + q.limit).map((g) => structuredClone(g)), total: candidates.length };
  }

  private community(community: string): CommunityGroups {
    let index = this.communities.get(community);
    if (!index) {
      index = { ...orderedGroups(), seasons: new Map(), byAlias: new Map(), byName: new SetIndex(), bySeason: new SetIndex(), byAdmin: new SetIndex(), byDay: new SetIndex(), sorted: new Map() };
      this.communities.set(community, index);
    }
    return index;
  }

  private index(g: GroupRecord): void {
    const index = this.community(g.community);
    let season = index.seasons.get(g.season);
    if (!season) index.seasons.set(g.season, (season = orderedGroups()));
    for (const ordered of [index, season]) {
      ordered.all.insert(g.createdAt, g._id);
      (g.active ? ordered.active : ordered.inactive).insert(g.createdAt, g._id);
    }
    index.byAlias.set(g.alias, g._id);
    index.byName.add(g.name, g._id);
    index.bySeason.add(g.season, g._id);
    index.byDay.add(g.createdAt.slice(0, 10), g._id);
    for (const a of g.admins) {
      index.byAdmin.add(a.user, g._id);
      this.byAdminUser.add(a.user, g._id);
    }
    for (const c of g.components) this.byComponent.add(c, g._id);
    for (const t of g.tags) {
      const key = `${g.community}\u0000${t.name}`;
      if (!this.tagIds.has(key)) this.tagIds.set(key, t.id);
    }
    this.searchText.set(g._id, normalizeText(`${g.name}\u0000${g.alias}`));
    index.sorted.clear();
  }

  private unindex(g: GroupRecord): void {
    const index = this.community(g.community);
    for (const ordered of [index, index.seasons.get(g.season)]) {
      ordered?.all.remove(g.createdAt, g._id);
      (g.active ? ordered?.active : ordered?.inactive)?.remove(g.createdAt, g._id);
    }
    index.byAlias.delete(g.alias);
    index.byName.delete(g.name, g._id);
    index.bySeason.delete(g.season, g._id);
    index.byDay.delete(g.createdAt.slice(0, 10), g._id);
    for (const a of g.admins) {
      index.byAdmin.delete(a.user, g._id);
      this.byAdminUser.delete(a.user, g._id);
    }
    for (const c of g.components) this.byComponent.delete(c, g._id);
    index.sorted.clear();
  }

  private matches(g: GroupRecord, q: GroupQuery): boolean {
    if (q.active !== undefined && g.active !== q.active) return false;
    if (q.name !== undefined && g.name !== q.name) return false;
    if (q.season !== undefined && g.season !== q.season) return false;
    if (q.alias !== undefined && g.alias !== q.alias) return false;
    if (q.adminUser !== undefined && !g.admins.some((a) => a.user === q.adminUser)) return false;
    if (q.createdAt !== undefined && !createdAtMatches(g.createdAt, q.createdAt)) return false;
    if (q.q !== undefined && q.q !== '' && !(this.searchText.get(g._id) ?? '').includes(normalizeText(q.q))) return false;
    return true;
  }

  private sortedIds(index: CommunityGroups, sort: SortTerm[]): string[] {
    const sortKey = JSON.stringify(sort);
    let ids = index.sorted.get(sortKey);
    if (!ids) {
      ids = index.all.slice(0).map((id) => this.records.get(id) as GroupRecord).sort(compareGroups(sort)).map((g) => g._id);
      index.sorted.set(sortKey, ids);
    }
    return ids;
  }
}

function compareGroups(sort: SortTerm[]) {
  return (a: GroupRecord, b: GroupRecord): number => {
    for (const term of sort) {
      const x = a[term.key];
      const y = b[term.key];
      if (x !== y) return (x < y ? -1 : 1) * (term.descending ? -1 : 1);
    }
    return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
  };
}

function byCreation(a: GroupRecord, b: GroupRecord): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** `createdAt` filter: a calendar date matches that UTC day; anything else must equal the instant. */
export function createdAtMatches(createdAt: string, filter: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(filter)) return createdAt.startsWith(filter);
  const wanted = Date.parse(filter);
  return !Number.isNaN(wanted) && Date.parse(createdAt) === wanted;
}
