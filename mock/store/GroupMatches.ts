import type { GroupRecord } from '../../fixtures/records.ts';
import type { GroupQuery, SortTerm } from './Store.ts';
import type { Stored } from './Stored.ts';

/**
 * The groups matching a query, in the query's order, without materialising a page: a size, a slice, and
 * the rank of any group in that order. The rank is what lets a session merge its own writes into the
 * base's answer at the right places (mergeGroupMatches.ts) without copying the base.
 */
export interface GroupMatches {
  readonly size: number;
  slice(from: number, to: number): Stored<GroupRecord>[];
  /** How many matches sort strictly before `g` (which need not be one of them). */
  rank(g: Stored<GroupRecord>): number;
}

export const DEFAULT_SORT: SortTerm[] = [{ key: 'createdAt', descending: false }];

export const EMPTY_MATCHES: GroupMatches = { size: 0, slice: () => [], rank: () => 0 };

/** A total order for a sort: its keys, then the id, so two groups never tie and a merge is well defined. */
export function compareGroups(sort: readonly SortTerm[]): (a: Stored<GroupRecord>, b: Stored<GroupRecord>) => number {
  return (a, b) => {
    for (const term of sort) {
      const x = a[term.key];
      const y = b[term.key];
      if (x !== y) return (x < y ? -1 : 1) * (term.descending ? -1 : 1);
    }
    return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
  };
}

/** Matches already sorted in an array of records. */
export function arrayMatches(sorted: readonly Stored<GroupRecord>[], compare: (a: Stored<GroupRecord>, b: Stored<GroupRecord>) => number): GroupMatches {
  return {
    size: sorted.length,
    slice: (from, to) => sorted.slice(from, to),
    rank: (g) => lowerBound(sorted.length, (i) => compare(sorted[i] as Stored<GroupRecord>, g) < 0),
  };
}

/** First index in [0, n) for which `isBelow` is false (isBelow must be true then false along the range). */
export function lowerBound(n: number, isBelow: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBelow(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function isDefaultSort(sort: readonly SortTerm[]): boolean {
  return sort.length === 1 && sort[0]?.key === 'createdAt' && !sort[0].descending;
}

/** The filters of a group query, checked on one record; `folded` is the record's folded name and alias. */
export function groupMatches(g: Stored<GroupRecord>, q: GroupQuery, folded: () => string, foldedQuery: string | undefined): boolean {
  if (g.community !== q.community) return false;
  if (q.active !== undefined && g.active !== q.active) return false;
  if (q.name !== undefined && g.name !== q.name) return false;
  if (q.season !== undefined && g.season !== q.season) return false;
  if (q.alias !== undefined && g.alias !== q.alias) return false;
  if (q.adminUser !== undefined && !g.admins.some((a) => a.user === q.adminUser)) return false;
  if (q.createdAt !== undefined && !createdAtMatches(g.createdAt, q.createdAt)) return false;
  if (foldedQuery !== undefined && foldedQuery !== '' && !folded().includes(foldedQuery)) return false;
  return true;
}

/** `createdAt` filter: a calendar date matches that UTC day; anything else must equal the instant. */
export function createdAtMatches(createdAt: string, filter: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(filter)) return createdAt.startsWith(filter);
  const wanted = Date.parse(filter);
  return !Number.isNaN(wanted) && Date.parse(createdAt) === wanted;
}
