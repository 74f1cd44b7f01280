import type { GroupSource, Json } from './targetData.ts';

export type Query = Record<string, string | undefined>;

/** A bad request: the status and message the target answers. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const fold = (v: unknown): string =>
  String(v ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
const SORT_KEYS = ['createdAt', 'updatedAt', 'name', 'alias'];

/** The filter of the list and the search (search adds alias and q), refusing values it cannot read. */
export interface FilterHabits {
  /** The fault: a name matched by its beginning. */
  namePrefix?: boolean;
  /** A collation that ignores case and accents (legitimate). */
  nameCollation?: boolean;
  /** A day read at this offset, minutes east of UTC (legitimate; default UTC). */
  dayOffsetMinutes?: number;
  /** The fault: a day starting one second late. */
  dayStartsLate?: boolean;
  /** The fault: an instant cut to `YYYY-MM-DDTHH:mm:ss` and read as UTC. */
  instantTruncated?: boolean;
}

export function groupFilter(query: Query, search: boolean, habits: FilterHabits = {}): (g: Json) => boolean {
  const { namePrefix = false } = habits;
  const tests: Array<(g: Json) => boolean> = [];
  if (query.active !== undefined) {
    if (query.active !== 'true' && query.active !== 'false') throw new Refusal(400, 'active must be true or false');
    tests.push((g) => g.active === (query.active === 'true'));
  }
  // The fault matches a name by its beginning (a LIKE 'x%' a team could ship): the right one is exact.
  if (query.name !== undefined)
    tests.push(
      namePrefix
        ? (g) => String(g.name).startsWith(query.name as string)
        : habits.nameCollation
          ? (g) => fold(g.name) === fold(query.name)
          : (g) => g.name === query.name,
    );
  if (query.season !== undefined) tests.push((g) => g.season === query.season);
  if (query['admins.user'] !== undefined) tests.push((g) => Array.isArray(g.admins) && g.admins.some((a) => (a as Json).user === query['admins.user']));
  if (query.createdAt !== undefined) {
    const value = query.createdAt;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const start = Date.parse(`${value}T00:00:00.000Z`) - (habits.dayOffsetMinutes ?? 0) * 60_000 + (habits.dayStartsLate ? 1000 : 0);
      const end = Date.parse(`${value}T00:00:00.000Z`) - (habits.dayOffsetMinutes ?? 0) * 60_000 + 86_400_000;
      tests.push((g) => Date.parse(String(g.createdAt)) >= start && Date.parse(String(g.createdAt)) < end);
    } else if (!Number.isNaN(Date.parse(value)) && /T/.test(value)) {
      const at = habits.instantTruncated ? Date.parse(`${value.slice(0, 19)}Z`) : Date.parse(value);
      tests.push((g) => Date.parse(String(g.createdAt)) === at);
    } else throw new Refusal(400, 'createdAt must be a date or an instant');
  }
  if (search && query.alias !== undefined) tests.push((g) => g.alias === query.alias);
  if (search && query.q !== undefined) {
    const q = fold(query.q);
    tests.push((g) => fold(g.name).includes(q) || fold(g.alias).includes(q));
  }
  return (g) => tests.every((t) => t(g));
}

export function parseSort(value: string | undefined, honoured: boolean): Array<{ key: string; desc: boolean }> | undefined {
  if (value === undefined) return undefined;
  const keys = value.split(',').map((k) => ({ key: k.replace(/^-/, ''), desc: k.startsWith('-') }));
  if (keys.some((k) => !SORT_KEYS.includes(k.key))) throw new Refusal(400, `sort takes ${SORT_KEYS.join(', ')}`);
  return honoured ? keys : undefined;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

/**
 * One page of the matches, and their count. The source is in creation order; a sort other than creation
 * order materialises the matches (the small data), while the synthetic groups are in every key's order.
 */
export function pageOf(
  source: GroupSource,
  match: (g: Json) => boolean,
  sort: Array<{ key: string; desc: boolean }> | undefined,
  page: PageRequest,
  count: boolean,
  newestFirst: boolean,
  byIndex?: (index: number) => boolean,
): { items: Json[]; total: number } {
  const desc = sort ? sort[0]?.desc === true : newestFirst;
  const byIndexOnly = !sort || source.size > 1000;
  if (byIndexOnly) {
    const items: Json[] = [];
    let seen = 0;
    for (let n = 0; n < source.size; n++) {
      const index = desc ? source.size - 1 - n : n;
      if (byIndex ? !byIndex(index) : !match(source.at(index))) continue;
      if (seen >= page.offset && items.length < page.limit) items.push(source.at(index));
      seen++;
      if (!count && items.length >= page.limit) break;
    }
    return { items, total: seen };
  }
  const all: Json[] = [];
  for (let n = 0; n < source.size; n++) {
    const g = source.at(n);
    if (match(g)) all.push(g);
  }
  all.sort((a, b) => {
    for (const { key, desc: d } of sort) {
      const x = String(a[key]);
      const y = String(b[key]);
      if (x !== y) return (x < y ? -1 : 1) * (d ? -1 : 1);
    }
    return String(a._id) < String(b._id) ? -1 : 1;
  });
  return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
}
