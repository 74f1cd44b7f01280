import type { Severity } from '../checks/Check.ts';
import { instant, isRecord, type Json } from '../checks/values.ts';
import { foldText } from '../checks/searchNarrows.ts';
import { createdAtReadings, createdAtValues, type Readings } from './createdAtReadings.ts';

/** A query filter of the group routes: how to take a value from a listed group and what matching means. */
export interface GroupFilter {
  param: string;
  /** Values worth filtering by, taken from a listed group (none: the group cannot serve as reference). */
  valuesOf(group: Json): string[];
  matches(group: Json, value: string): boolean;
  /**
   * Where the description leaves the comparison open: what every reasonable reading still matches (MUST);
   * `matches` is then our decision (SHOULD).
   */
  loosely?(group: Json, value: string): boolean;
  /**
   * Whether the group taken the value from must be among the results under every reading of the value
   * (a calendar day near midnight may fall on another day in the community's time zone).
   */
  holdsReference?(group: Json, value: string): boolean;
  show(group: Json): unknown;
  severity: Severity;
  /** The values to try, chosen by the filter itself (the same for every seed) instead of by lookalike scores. */
  choose?(groups: Json[]): Array<{ value: string; reference?: Json }>;
  /** Where the matching rule is open: what every reasonable reading of `value` selects among `groups`. */
  readings?(value: string, groups: Json[]): Readings | undefined;
}

const adminUsers = (group: Json): string[] =>
  (Array.isArray(group.admins) ? group.admins : [])
    .filter(isRecord)
    .map((a) => a.user)
    .filter((u): u is string => typeof u === 'string');

const HOUR = 3_600_000;
/** Time zones run from UTC-12 to UTC+14: every reading of a calendar day lies within this span of its UTC day. */
const ZONE_WEST = 12 * HOUR;
const ZONE_EAST = 14 * HOUR;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * createdAt is "creation date of the document": which day (UTC or the community's zone) and whether an instant
 * matches exactly or by its day are readings the description leaves open, so every one is accepted. No reading
 * admits a group created outside the value's day in every time zone: that is a MUST.
 */
function withinAnyReading(group: Json, value: string): boolean {
  const at = instant(group.createdAt);
  const given = instant(DAY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (at === undefined || given === undefined) return false;
  if (!DAY.test(value) && at === given) return true;
  // The UTC day D is, in zone +z, [D-z, D+24h-z): the union over every zone is [D-14h, D+24h+12h).
  const day = given - (given % (24 * HOUR));
  return at >= day - ZONE_EAST && at < day + 24 * HOUR + ZONE_WEST;
}

/** The same calendar day in every zone from UTC-10 to UTC+12 (where people live with schools): 10:00 to 12:00 UTC. */
function unambiguousDay(group: Json): boolean {
  const at = instant(group.createdAt);
  if (at === undefined) return false;
  const hour = new Date(at).getUTCHours();
  return hour >= 10 && hour < 12;
}

export const GROUP_FILTERS: readonly GroupFilter[] = [
  // "`name` … name": equal names. Whether case and accents count is a collation the description does not
  // choose (decided: exact); a name that is not the value under any collation (a prefix, a substring) is a MUST.
  {
    param: 'name',
    valuesOf: (g) => (typeof g.name === 'string' ? [g.name] : []),
    matches: (g, v) => g.name === v,
    loosely: (g, v) => typeof g.name === 'string' && foldText(g.name) === foldText(v),
    show: (g) => g.name,
    severity: 'MUST',
  },
  {
    param: 'season',
    valuesOf: (g) => (typeof g.season === 'string' ? [g.season] : []),
    matches: (g, v) => g.season === v,
    show: (g) => g.season,
    severity: 'MUST',
  },
  {
    param: 'active',
    valuesOf: (g) => (typeof g.active === 'boolean' ? [String(g.active)] : []),
    matches: (g, v) => g.active === (v === 'true'),
    show: (g) => g.active,
    severity: 'MUST',
  },
  { param: 'admins.user', valuesOf: (g) => adminUsers(g), matches: (g, v) => adminUsers(g).includes(v), show: (g) => adminUsers(g), severity: 'MUST' },
  {
    param: 'createdAt',
    valuesOf: (g) => {
      const at = instant(g.createdAt);
      // The instant as listed, and its UTC calendar day.
      return at === undefined ? [] : [g.createdAt as string, new Date(at).toISOString().slice(0, 10)];
    },
    matches: withinAnyReading,
    holdsReference: (g, v) => !DAY.test(v) || unambiguousDay(g),
    choose: createdAtValues,
    readings: createdAtReadings,
    show: (g) => g.createdAt,
    severity: 'MUST',
  },
];
