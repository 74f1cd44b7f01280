import type { SortedIdIndex } from './SortedIdIndex.ts';
import type { UpdatedAfterQuery } from './Store.ts';

interface Stamped {
  _id: string;
  community: string;
  updatedAt: string;
}

/**
 * A data action's records in updatedAt order (ties by id) from `after` on, at most `limit`: the base's
 * index walked in order, skipping what the session rewrote, merged with the session's own records of the
 * community. `keep` is the season check, answered on the session's view. `version` is the session's count of
 * writes: the session's own records of a community are sorted once per version, not on every request (a
 * partner that uploaded 10,000 users then pages the data action at 20 a request).
 */
export function mergeUpdatedAfter<T extends Stamped>(
  index: SortedIdIndex | undefined,
  baseRecord: (id: string) => T | undefined,
  written: ReadonlyMap<string, T>,
  version: number,
  query: UpdatedAfterQuery,
  keep: (record: T) => boolean,
): T[] {
  const own = ownInOrder(written, version, query.community);
  const out: T[] = [];
  let j = query.after === undefined ? 0 : firstAtOrAfter(own, query.after);
  let i = index && query.after !== undefined ? index.lowerBound(query.after) : 0;
  const size = index?.size ?? 0;
  while (out.length < query.limit && (i < size || j < own.length)) {
    let next: T | undefined;
    const id = i < size ? (index?.idAt(i) as string) : undefined;
    const mine = own[j];
    const baseFirst = id !== undefined && (mine === undefined || before(index?.keyAt(i) as string, id, mine.updatedAt, mine._id));
    if (baseFirst) {
      i++;
      if (written.has(id as string)) continue;
      next = baseRecord(id as string);
    } else {
      j++;
      next = mine;
    }
    if (next && keep(next)) out.push(next);
  }
  return out;
}

// Per map of written records: its version when sorted, and each community's records in (updatedAt, id) order.
const sorted = new WeakMap<ReadonlyMap<string, Stamped>, { version: number; byCommunity: Map<string, Stamped[]> }>();

function ownInOrder<T extends Stamped>(written: ReadonlyMap<string, T>, version: number, community: string): T[] {
  if (written.size === 0) return [];
  let kept = sorted.get(written);
  if (kept === undefined || kept.version !== version) sorted.set(written, (kept = { version, byCommunity: new Map() }));
  let list = kept.byCommunity.get(community);
  if (list === undefined) {
    list = [...written.values()]
      .filter((r) => r.community === community)
      .sort((a, b) => (before(a.updatedAt, a._id, b.updatedAt, b._id) ? -1 : before(b.updatedAt, b._id, a.updatedAt, a._id) ? 1 : 0));
    kept.byCommunity.set(community, list);
  }
  return list as T[];
}

/** The first position whose updatedAt is not below `after` (the list is in updatedAt order). */
function firstAtOrAfter(list: readonly Stamped[], after: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Stamped).updatedAt < after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function before(aKey: string, aId: string, bKey: string, bId: string): boolean {
  return aKey < bKey || (aKey === bKey && aId < bId);
}
