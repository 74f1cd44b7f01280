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
  -570, -210, 210, 270, 330, 345, 390, 525, 570, 630, 765, 825,
].sort((a, b) => a - b);

export interface Reading {
  reading: string;
  ids: Set<string>;
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
    return { sets: REAL_OFFSETS.map((z) => ({ reading: `the day ${value} at UTC${formatOffset(z)}`, ids: idsWhere(dated, (at) => at >= start - z * MINUTE && at < start + DAY_MS - z * MINUTE) })) };
  }
  const given = instant(value);
  if (given === undefined) return undefined;
  const sets = REAL_OFFSETS.map((z) => {
    const local = given + z * MINUTE;
    const start = local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - z * MINUTE;
    return { reading: `the day of ${value} at UTC${formatOffset(z)}`, ids: idsWhere(dated, (at) => at >= start && at < start + DAY_MS) };
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
 * The createdAt values that discriminate, the same for every seed: the UTC days of the two groups created
 * nearest a UTC midnight (a day cut short at either edge, or read in a zone nobody uses, misses them), and
 * the instant of a group created well inside its day written with a +05:30 offset (an offset dropped reads
 * another instant). A day's own group is not owed (another zone's day may leave it out); the instant's is.
 */
export function createdAtValues(groups: Json[]): Array<{ value: string; reference?: Json }> {
  const dated = groups.filter((g) => instant(g.createdAt) !== undefined).map((g) => ({ g, at: instant(g.createdAt) as number }));
  if (dated.length === 0) return [];
  const byEdge = [...dated].sort((a, b) => midnightDistance(a.at) - midnightDistance(b.at) || a.at - b.at);
  const days: string[] = [];
  for (const { at } of byEdge) {
    const day = new Date(at).toISOString().slice(0, 10);
    if (!days.includes(day)) days.push(day);
    if (days.length === 2) break;
  }
  const inner = [...dated].sort((a, b) => midnightDistance(b.at) - midnightDistance(a.at) || a.at - b.at)[0] as { g: Json; at: number };
  return [...days.map((value) => ({ value })), { value: withOffset(inner.at, 330), reference: inner.g }];
}
