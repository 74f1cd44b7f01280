import { instant, type Json } from '../checks/values.ts';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The UTC offsets in use somewhere (minutes east of UTC), from UTC-12 to UTC+14 with the half and three-quarter
 * hours that exist (IANA tz database). A calendar day is read in one of them: UTC or the community's zone
 * ("Group timestamps are described as UTC corrected to the community time zone"). Offsets nobody uses
 * (UTC+00:15) are no reading: an answer only they would explain is a day cut short.
 */
export const REAL_OFFSETS: readonly number[] = [
  ...Array.from({ length: 27 }, (_, i) => (i - 12) * 60),
  -570,
  -210,
  210,
  270,
  330,
  345,
  390,
  525,
  570,
  630,
  765,
  825,
].sort((a, b) => a - b);

export interface Reading {
  reading: string;
  ids: Set<string>;
  /** The offset (minutes east of UTC) this reading reads a day at. */
  offset: number;
}

/** What each reasonable reading of a createdAt value selects among `groups` (by _id). */
export interface Readings {
  sets: Reading[];
  /** An instant may also match exactly (to the second: an implementation may keep no milliseconds). */
  loose?: (group: Json) => boolean;
}

/** The _ids of the groups whose creation instant `keep` accepts (groups without one are never selected). */
const idsWhere = (groups: Json[], keep: (at: number) => boolean): Set<string> => {
  const ids = new Set<string>();
  for (const g of groups) {
    const at = instant(g.createdAt);
    if (typeof g._id === 'string' && at !== undefined && keep(at)) ids.add(g._id);
  }
  return ids;
};

/**
 * createdAt is "creation date of the document": a day is the calendar day in some real zone, an instant the
 * creation instant itself or its calendar day in some real zone. Every one of them is accepted; an answer
 * none of them gives (a day missing its last second, an instant whose offset was dropped, the filter ignored)
 * is no reading at all.
 */
export function createdAtReadings(value: string, groups: Json[]): Readings | undefined {
  const dated = groups;
  if (DAY.test(value)) {
    const start = instant(`${value}T00:00:00.000Z`);
    if (start === undefined) return undefined;
    return {
      sets: REAL_OFFSETS.map((z) => ({
        reading: `the day ${value} at UTC${formatOffset(z)}`,
        ids: idsWhere(dated, (at) => at >= start - z * MINUTE && at < start + DAY_MS - z * MINUTE),
        offset: z,
      })),
    };
  }
  const given = instant(value);
  if (given === undefined) return undefined;
  const sets = REAL_OFFSETS.map((z) => {
    const local = given + z * MINUTE;
    const start = local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - z * MINUTE;
    return { reading: `the day of ${value} at UTC${formatOffset(z)}`, ids: idsWhere(dated, (at) => at >= start && at < start + DAY_MS), offset: z };
  });
  return { sets, loose: (g) => Math.abs((instant(g.createdAt) ?? Infinity) - given) < 1000 };
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The instant of `at` written at `offset` minutes east of UTC, milliseconds kept: `2026-01-15T15:30:00.000+05:30`. */
export function withOffset(at: number, offset: number): string {
  return `${new Date(at + offset * MINUTE).toISOString().slice(0, 23)}${formatOffset(offset)}`;
}

/** How far an instant is from a UTC midnight, in ms. */
export function midnightDistance(at: number): number {
  const ms = ((at % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.min(ms, DAY_MS - ms);
}

/**
 * The createdAt values that discriminate, the same for every seed: the UTC day of the group created nearest
 * after a UTC midnight and that of the group created nearest before one (a day cut short at its start or its
 * end, or read at an offset nobody uses, misses them), and the instant of the group created furthest from
 * a midnight written with a +05:30 offset (an offset dropped reads another instant). A day's own group is
 * not owed (another zone's day may leave it out); the instant's is.
 */
export function createdAtValues(groups: Json[]): Array<{ value: string; reference?: Json }> {
  const dated = groups
    .filter((g) => instant(g.createdAt) !== undefined)
    .map((g) => ({ g, at: instant(g.createdAt) as number }))
    .sort((a, b) => a.at - b.at);
  if (dated.length === 0) return [];
  const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);
  // The two groups created either side of one UTC midnight, closest together: only UTC reads that midnight
  // between them, so a day cut short at either end contradicts every reading of the two days at once.
  let pair: [number, number] | undefined;
  for (let i = 1; i < dated.length; i++) {
    const x = (dated[i - 1] as { at: number }).at;
    const y = (dated[i] as { at: number }).at;
    if (dayOf(x) !== dayOf(y) && (!pair || y - x < pair[1] - pair[0])) pair = [x, y];
  }
  const days = pair ? [dayOf(pair[0]), dayOf(pair[1])] : [dayOf((dated[0] as { at: number }).at)];
  const inner = [...dated].sort((a, b) => midnightDistance(b.at) - midnightDistance(a.at) || a.at - b.at)[0] as { g: Json; at: number };
  return [...days.map((value) => ({ value })), { value: withOffset(inner.at, 330), reference: inner.g }];
}

/** The offsets among `readings` whose set is exactly `answered` (both over active groups of `universe`). */
export function matchingOffsets(readings: Reading[], answered: Set<string>, universe: Map<string, Json>): number[] {
  const active = (ids: Set<string>): Set<string> => new Set([...ids].filter((id) => universe.get(id)?.active !== false));
  const mine = active(answered);
  return readings
    .filter((r) => {
      const ids = active(r.ids);
      return ids.size === mine.size && [...ids].every((id) => mine.has(id));
    })
    .map((r) => r.offset);
}
