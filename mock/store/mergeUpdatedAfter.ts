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
 * community. `keep` is the season check, answered on the session's view.
 */
export function mergeUpdatedAfter<T extends Stamped>(
  index: SortedIdIndex | undefined,
  baseRecord: (id: string) => T | undefined,
  written: ReadonlyMap<string, T>,
  query: UpdatedAfterQuery,
  keep: (record: T) => boolean,
): T[] {
  const own = [...written.values()]
    .filter((r) => r.community === query.community && (query.after === undefined || r.updatedAt >= query.after))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  const out: T[] = [];
  let j = 0;
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

function before(aKey: string, aId: string, bKey: string, bId: string): boolean {
  return aKey < bKey || (aKey === bKey && aId < bId);
}
