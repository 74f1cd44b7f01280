import { freezeStored, type Stored } from './Stored.ts';
import { DEFAULT_SORT, EMPTY_MATCHES, createdAtMatches, type GroupMatches, isDefaultSort, lowerBound } from './GroupMatches.ts';
import { LruCache } from './LruCache.ts';
import { normalizeText } from '../../fixtures/normalizeText.ts';
import type { GroupRecord, GroupRows } from '../../fixtures/records.ts';
import type { GroupQuery, GroupSortKey, Page, SortTerm } from './Store.ts';
import { TrigramIndex } from './TrigramIndex.ts';

/** Records built from a block of rows kept alive at once (see LruCache.ts). */
const BUILT_RECORDS = 50_000;
/**
 * Answers kept for the last queries that had to filter: the table never changes, so a kept answer is never
 * stale, and paging through a search of a million groups (the same query, page after page) filters once.
 * At most MATCHES_KEPT answers of at most a row number per group each (4 MB at a million groups) are kept.
 */
const MATCHES_KEPT = 32;

interface CommunityGroups {
  code: number;
  /** Rows in creation order: filled at load. */
  all: Int32Array;
  /**
   * The same order per season and/or `active` ("the active classes of 2026" is the most common filter: it
   * pages without a scan), each derived from `all` on first use so that start-up only builds `all`.
   */
  subsets: Map<string, Int32Array>;
  byAlias: Map<string, number>;
  byName?: Map<string, number[]>;
  /** Rows sorted for non-default sorts, built on first use (the table does not change once built). */
  sorted: Map<string, Int32Array>;
  /** The trigram index of the folded names and aliases of `all` (a text's number is its position there). */
  text: TrigramIndex | null;
}

export interface GroupTableOptions {
  /** Deep-freezes the records built from rows, as the base freezes its own (tests). */
  freeze?: boolean;
  onProgress?: (done: number) => void;
}

/**
 * The groups of the seeded base and every index the group routes and the data actions need. Filled once by
 * `load` and never changed afterwards (a session's writes live in its overlay), so cached orders never go
 * stale. Every group has a row number: the records given come first, then the rows of a block (GroupRows, records.ts)
 * whose records are built only when read. Filters run on flat columns (community, season, active) and row
 * lists (Int32Array), so a million groups cost a few bytes each and no scan of objects; free text goes
 * through a trigram index built at load.
 */
export class GroupTable {
  private records: Stored<GroupRecord>[] = [];
  private readonly rowOfId = new Map<string, number>();
  private rows: GroupRows | undefined;
  /** The row number of the block's first group (= the number of records given). */
  private rowsFrom = 0;
  private readonly built = new LruCache<number, Stored<GroupRecord>>(BUILT_RECORDS);
  private readonly kept = new LruCache<string, GroupMatches>(MATCHES_KEPT);
  private freeze = false;
  private communityOf = new Uint16Array(0);
  private seasonOf = new Uint16Array(0);
  private activeOf = new Uint8Array(0);
  private readonly seasonCodes = new Map<string, number>();
  private readonly communities = new Map<string, CommunityGroups>();
  /** Built on first use (one pass over every row), so start-up does not pay for them. */
  private links?: { byAdminUser: Map<string, number[]>; byComponent: Map<string, number[]> };
  /** community → tag name → tag id. */
  private readonly tagIds = new Map<string, Map<string, string>>();

  /** Indexes the records (any order) and a block of rows (in creation order). Called once. */
  load(groups: readonly Stored<GroupRecord>[], rows?: GroupRows, options: GroupTableOptions = {}): void {
    this.freeze = options.freeze ?? false;
    this.records = isSortedByCreation(groups) ? [...groups] : [...groups].sort(byCreation);
    this.rows = rows;
    this.rowsFrom = this.records.length;
    const total = this.rowsFrom + (rows?.length ?? 0);
    this.communityOf = new Uint16Array(total);
    this.seasonOf = new Uint16Array(total);
    this.activeOf = new Uint8Array(total);
    const members = new Map<string, number[]>();
    const communityCode = (community: string): number => {
      let index = this.communities.get(community);
      if (!index) {
        index = { code: this.communities.size, all: new Int32Array(0), subsets: new Map(), byAlias: new Map(), sorted: new Map(), text: null };
        this.communities.set(community, index);
        members.set(community, []);
      }
      return index.code;
    };
    this.records.forEach((g, row) => {
      if (this.rowOfId.has(g._id)) throw new Error(`group ${g._id} is listed twice`);
      this.rowOfId.set(g._id, row);
      this.communityOf[row] = communityCode(g.community);
      this.seasonOf[row] = this.seasonCode(g.season);
      this.activeOf[row] = g.active ? 1 : 0;
      (members.get(g.community) as number[]).push(row);
      (this.communities.get(g.community) as CommunityGroups).byAlias.set(g.alias, row);
      this.addTags(g.community, g.tags);
    });
    if (rows) {
      const code = communityCode(rows.community);
      for (let i = 0; i < rows.length; i++) {
        const row = this.rowsFrom + i;
        this.communityOf[row] = code;
        this.seasonOf[row] = this.seasonCode(rows.season(i));
        this.activeOf[row] = rows.active(i) ? 1 : 0;
        if (options.onProgress && (i + 1) % 100_000 === 0) options.onProgress(i + 1);
      }
      this.addTags(rows.community, rows.tags);
    }
    for (const [community, index] of this.communities) {
      const given = members.get(community) as number[];
      index.all = rows?.community === community ? this.mergeRows(given, rows) : Int32Array.from(given);
      // Built now, not on the first search: at a million groups it takes a few seconds, which a first
      // search would otherwise pay while every other client waits.
      index.text = TrigramIndex.build(index.all.length, (ord) => this.foldedRow(index.all[ord] as number)) ?? null;
    }
  }

  get size(): number {
    return this.rowsFrom + (this.rows?.length ?? 0);
  }

  get(id: string): Stored<GroupRecord> | undefined {
    const row = this.rowOfId.get(id);
    if (row !== undefined) return this.records[row];
    const i = this.rows ? this.rows.indexOfId(id) : -1;
    return i < 0 ? undefined : this.record(this.rowsFrom + i);
  }

  /** Every group, built afresh from rows where it has to be (an export; not cached). */
  *values(): IterableIterator<Stored<GroupRecord>> {
    yield* this.records;
    if (this.rows) for (let i = 0; i < this.rows.length; i++) yield this.rows.record(i);
  }

  byAlias(community: string, alias: string): Stored<GroupRecord> | undefined {
    const row = this.communities.get(community)?.byAlias.get(alias);
    if (row !== undefined) return this.records[row];
    const i = this.rows?.community === community ? this.rows.indexOfAlias(alias) : -1;
    return i < 0 ? undefined : this.record(this.rowsFrom + i);
  }

  /** The ids of the groups a user administers; of one season only when given (read from a column, no record built). */
  administeredBy(userId: string, season?: string): string[] {
    const rows = this.linkIndexes().byAdminUser.get(userId) ?? [];
    if (season === undefined) return rows.map((row) => this.idOf(row));
    const code = this.seasonCodes.get(season);
    return rows.filter((row) => this.seasonOf[row] === code).map((row) => this.idOf(row));
  }

  linkedToComponent(componentId: string): string[] {
    return (this.linkIndexes().byComponent.get(componentId) ?? []).map((row) => this.idOf(row));
  }

  tagId(community: string, name: string): string | undefined {
    return this.tagIds.get(community)?.get(name);
  }

  /** The folded name and alias a text query is matched against. */
  folded(g: Stored<GroupRecord>): string {
    return foldGroup(g);
  }

  query(q: GroupQuery): Page<Stored<GroupRecord>> {
    const matches = this.match(q);
    const start = (q.page - 1) * q.limit;
    return { items: matches.slice(start, start + q.limit), total: matches.size };
  }

  match(q: GroupQuery): GroupMatches {
    const index = this.communities.get(q.community);
    if (!index) return EMPTY_MATCHES;
    const sort = q.sort && q.sort.length > 0 ? q.sort : DEFAULT_SORT;
    const defaultSort = isDefaultSort(sort);
    const text = q.q !== undefined && q.q !== '' ? normalizeText(q.q) : undefined;
    const ordered = this.subset(index, q.season, q.active);

    const onlySeasonAndActive = q.alias === undefined && q.name === undefined && q.adminUser === undefined && q.createdAt === undefined && text === undefined;
    if (onlySeasonAndActive && defaultSort) return this.rowMatches(ordered, sort);
    if (onlySeasonAndActive && q.season === undefined && q.active === undefined) return this.rowMatches(this.sortedRows(index, sort), sort);

    const key = JSON.stringify([q.community, text, q.season, q.active, q.name, q.alias, q.adminUser, q.createdAt, sort]);
    const kept = this.kept.find(key);
    if (kept) return kept;
    // The smallest indexed candidate set; the remaining filters are checked row by row.
    // `inOrder`: the rows come in creation order, so the default sort needs no sorting.
    const candidates: Array<{ size: number; rows: () => ArrayLike<number>; containText?: true; inOrder?: true }> = [
      { size: ordered.length, rows: () => ordered, inOrder: true },
    ];
    if (q.alias !== undefined) {
      const g = this.byAlias(q.community, q.alias);
      const row = g ? this.rowOf(g._id) : undefined;
      candidates.push({ size: row === undefined ? 0 : 1, rows: () => (row === undefined ? [] : [row]) });
    }
    if (q.name !== undefined) {
      const rows = this.names(index).get(q.name) ?? [];
      candidates.push({ size: rows.length, rows: () => rows, inOrder: true });
    }
    if (q.adminUser !== undefined) {
      // Admins are indexed across communities: the community is checked with the other filters.
      const rows = this.linkIndexes().byAdminUser.get(q.adminUser) ?? [];
      candidates.push({ size: rows.length, rows: () => rows });
    }
    if (q.createdAt !== undefined && DAY.test(q.createdAt)) {
      // A creation day is a range of the creation order: two binary searches, no per-day set.
      const from = lowerBound(ordered.length, (i) => this.createdOf(ordered[i] as number) < `${q.createdAt}T`);
      const to = lowerBound(ordered.length, (i) => this.createdOf(ordered[i] as number) < `${q.createdAt}U`);
      candidates.push({ size: to - from, rows: () => ordered.subarray(from, to), inOrder: true });
    }
    if (text !== undefined && index.text) {
      const hits = index.text.search(text);
      // The hits are positions in `all`: in creation order, and they contain the text already.
      if (hits) candidates.push({ size: hits.length, rows: () => hits.map((ord) => index.all[ord] as number), containText: true, inOrder: true });
    }
    const smallest = candidates.reduce((a, b) => (b.size < a.size ? b : a));
    const matches = this.filterRows(index, q, sort, text, smallest);
    this.kept.set(key, matches);
    return matches;
  }

  /** The rows of a candidate set that pass every filter, in the query's order. */
  private filterRows(
    index: CommunityGroups,
    q: GroupQuery,
    sort: readonly SortTerm[],
    text: string | undefined,
    smallest: { rows: () => ArrayLike<number>; containText?: true; inOrder?: true },
  ): GroupMatches {
    const textToCheck = smallest.containText ? undefined : text;
    const season = q.season === undefined ? undefined : this.seasonCodes.get(q.season);
    if (q.season !== undefined && season === undefined) return EMPTY_MATCHES;
    const from = smallest.rows();
    const out = new Int32Array(from.length);
    let n = 0;
    for (let k = 0; k < from.length; k++) {
      const row = from[k] as number;
      if (this.communityOf[row] !== index.code) continue;
      if (q.active !== undefined && this.activeOf[row] !== (q.active ? 1 : 0)) continue;
      if (season !== undefined && this.seasonOf[row] !== season) continue;
      if (this.otherFiltersMatch(row, q, textToCheck)) out[n++] = row;
    }
    const matched = out.subarray(0, n);
    return this.rowMatches(isDefaultSort(sort) && smallest.inOrder ? matched : this.sortRows(matched, sort), sort);
  }

  /** The filters no column answers (name, alias, admin, creation instant, text), on one row. */
  private otherFiltersMatch(row: number, q: GroupQuery, text: string | undefined): boolean {
    if (q.name !== undefined && this.nameOf(row) !== q.name) return false;
    if (q.alias !== undefined && this.aliasOf(row) !== q.alias) return false;
    if (q.adminUser !== undefined && !this.adminsOf(row).some((a) => a.user === q.adminUser)) return false;
    if (q.createdAt !== undefined && !createdAtMatches(this.createdOf(row), q.createdAt)) return false;
    if (text !== undefined && !this.foldedRow(row).includes(text)) return false;
    return true;
  }

  private record(row: number): Stored<GroupRecord> {
    if (row < this.rowsFrom) return this.records[row] as Stored<GroupRecord>;
    return this.built.get(row, (r) => {
      const g = (this.rows as GroupRows).record(r - this.rowsFrom);
      if (this.freeze) freezeStored(g);
      return g;
    });
  }

  private rowOf(id: string): number | undefined {
    const row = this.rowOfId.get(id);
    if (row !== undefined) return row;
    const i = this.rows ? this.rows.indexOfId(id) : -1;
    return i < 0 ? undefined : this.rowsFrom + i;
  }

  // One accessor per field a filter or a sort reads: from the record, or from the block without building one.
  private idOf(row: number): string {
    return row < this.rowsFrom ? (this.records[row] as Stored<GroupRecord>)._id : (this.rows as GroupRows).id(row - this.rowsFrom);
  }
  private nameOf(row: number): string {
    return row < this.rowsFrom ? (this.records[row] as Stored<GroupRecord>).name : (this.rows as GroupRows).name(row - this.rowsFrom);
  }
  private aliasOf(row: number): string {
    return row < this.rowsFrom ? (this.records[row] as Stored<GroupRecord>).alias : (this.rows as GroupRows).alias(row - this.rowsFrom);
  }
  private createdOf(row: number): string {
    return row < this.rowsFrom ? (this.records[row] as Stored<GroupRecord>).createdAt : (this.rows as GroupRows).createdAt(row - this.rowsFrom);
  }
  private updatedOf(row: number): string {
    return row < this.rowsFrom ? (this.records[row] as Stored<GroupRecord>).updatedAt : (this.rows as GroupRows).updatedAt(row - this.rowsFrom);
  }
  private adminsOf(row: number): readonly { user: string }[] {
    return row < this.rowsFrom ? (this.records[row] as Stored<GroupRecord>).admins : (this.rows as GroupRows).admins(row - this.rowsFrom);
  }
  private foldedRow(row: number): string {
    return row < this.rowsFrom ? foldGroup(this.records[row] as Stored<GroupRecord>) : (this.rows as GroupRows).folded(row - this.rowsFrom);
  }
  private sortKeyOf(row: number, key: GroupSortKey): string {
    if (key === 'createdAt') return this.createdOf(row);
    if (key === 'updatedAt') return this.updatedOf(row);
    return key === 'name' ? this.nameOf(row) : this.aliasOf(row);
  }

  private seasonCode(season: string): number {
    let code = this.seasonCodes.get(season);
    if (code === undefined) this.seasonCodes.set(season, (code = this.seasonCodes.size));
    return code;
  }

  private addTags(community: string, tags: readonly { id: string; name: string }[]): void {
    if (tags.length === 0) return;
    let known = this.tagIds.get(community);
    if (!known) this.tagIds.set(community, (known = new Map()));
    for (const t of tags) if (!known.has(t.name)) known.set(t.name, t.id);
  }

  /** The given rows (creation order) and the block's, merged: each given row lands by binary search. */
  private mergeRows(given: readonly number[], rows: GroupRows): Int32Array {
    const out = new Int32Array(given.length + rows.length);
    let next = 0;
    let k = 0;
    for (const row of given) {
      const g = this.records[row] as Stored<GroupRecord>;
      const at = lowerBound(rows.length, (i) => compareCreation(rows.createdAt(i), rows.id(i), g.createdAt, g._id) < 0);
      while (next < at) out[k++] = this.rowsFrom + next++;
      out[k++] = row;
    }
    while (next < rows.length) out[k++] = this.rowsFrom + next++;
    return out;
  }

  /** The creation-order rows of a season and/or an `active` value, derived from `all` once. */
  private subset(index: CommunityGroups, season: string | undefined, active: boolean | undefined): Int32Array {
    if (season === undefined && active === undefined) return index.all;
    const key = `${season ?? ''}\u0000${active ?? ''}`;
    let subset = index.subsets.get(key);
    if (!subset) {
      const code = season === undefined ? -1 : (this.seasonCodes.get(season) ?? -2);
      const flag = active === undefined ? -1 : active ? 1 : 0;
      const out = new Int32Array(index.all.length);
      let n = 0;
      for (const row of index.all) {
        if ((code === -1 || this.seasonOf[row] === code) && (flag === -1 || this.activeOf[row] === flag)) out[n++] = row;
      }
      subset = out.slice(0, n);
      index.subsets.set(key, subset);
    }
    return subset;
  }

  private names(index: CommunityGroups): Map<string, number[]> {
    if (index.byName) return index.byName;
    const byName = new Map<string, number[]>();
    for (const row of index.all) {
      const name = this.nameOf(row);
      const rows = byName.get(name);
      if (rows) rows.push(row);
      else byName.set(name, [row]);
    }
    return (index.byName = byName);
  }

  private linkIndexes(): { byAdminUser: Map<string, number[]>; byComponent: Map<string, number[]> } {
    if (this.links) return this.links;
    const links = { byAdminUser: new Map<string, number[]>(), byComponent: new Map<string, number[]>() };
    const add = (map: Map<string, number[]>, value: string, row: number): void => {
      const rows = map.get(value);
      if (!rows) map.set(value, [row]);
      else if (rows[rows.length - 1] !== row) rows.push(row);
    };
    for (let row = 0; row < this.size; row++) {
      for (const a of this.adminsOf(row)) add(links.byAdminUser, a.user, row);
      // A block's groups link no component (GroupRows has no accessor for them; see generate/manyGroups.ts).
      if (row < this.rowsFrom) for (const c of (this.records[row] as Stored<GroupRecord>).components) add(links.byComponent, c, row);
    }
    return (this.links = links);
  }

  /** Matches as rows in the query's order; records are built for the page only. */
  private rowMatches(rows: Int32Array, sort: readonly SortTerm[]): GroupMatches {
    return {
      size: rows.length,
      slice: (from, to) => Array.from(rows.subarray(from, Math.min(to, rows.length)), (row) => this.record(row)),
      rank: (g) => lowerBound(rows.length, (i) => this.compareRowTo(rows[i] as number, g, sort) < 0),
    };
  }

  private compareRowTo(row: number, g: Stored<GroupRecord>, sort: readonly SortTerm[]): number {
    for (const term of sort) {
      const x = this.sortKeyOf(row, term.key);
      const y = g[term.key];
      if (x !== y) return (x < y ? -1 : 1) * (term.descending ? -1 : 1);
    }
    const id = this.idOf(row);
    return id < g._id ? -1 : id > g._id ? 1 : 0;
  }

  /** Rows in a sort's order (its keys, then the id), each row's keys read once. */
  private sortRows(rows: ArrayLike<number>, sort: readonly SortTerm[]): Int32Array {
    const keys = sort.map((term) => Array.from(rows, (row) => this.sortKeyOf(row, term.key)));
    const ids = Array.from(rows, (row) => this.idOf(row));
    const order = Array.from(rows, (_, k) => k);
    order.sort((a, b) => {
      for (let t = 0; t < sort.length; t++) {
        const x = (keys[t] as string[])[a] as string;
        const y = (keys[t] as string[])[b] as string;
        if (x !== y) return (x < y ? -1 : 1) * ((sort[t] as SortTerm).descending ? -1 : 1);
      }
      const x = ids[a] as string;
      const y = ids[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return Int32Array.from(order, (k) => rows[k] as number);
  }

  private sortedRows(index: CommunityGroups, sort: SortTerm[]): Int32Array {
    const sortKey = JSON.stringify(sort);
    let rows = index.sorted.get(sortKey);
    if (!rows) index.sorted.set(sortKey, (rows = this.sortRows(index.all, sort)));
    return rows;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What a text query is matched against: the name and the alias, folded, apart (a match never spans both).
 * Kept per record object: records never change (a write stores a new one), and a session's search folds its
 * own groups on every query.
 */
export function foldGroup(g: Stored<GroupRecord>): string {
  let folded = foldedRecords.get(g);
  if (folded === undefined) foldedRecords.set(g, (folded = normalizeText(`${g.name}\u0000${g.alias}`)));
  return folded;
}

const foldedRecords = new WeakMap<Stored<GroupRecord>, string>();

function compareCreation(aCreated: string, aId: string, bCreated: string, bId: string): number {
  if (aCreated !== bCreated) return aCreated < bCreated ? -1 : 1;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

function byCreation(a: Stored<GroupRecord>, b: Stored<GroupRecord>): number {
  return compareCreation(a.createdAt, a._id, b.createdAt, b._id);
}

function isSortedByCreation(groups: readonly Stored<GroupRecord>[]): boolean {
  for (let i = 1; i < groups.length; i++) if (byCreation(groups[i - 1] as Stored<GroupRecord>, groups[i] as Stored<GroupRecord>) > 0) return false;
  return true;
}

export { createdAtMatches } from './GroupMatches.ts';
