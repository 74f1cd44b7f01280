import type { Severity } from '../checks/Check.ts';
import { instant, isRecord, type Json } from '../checks/values.ts';

/** A query filter of the group routes: how to take a value from a listed group and what matching means. */
export interface GroupFilter {
  param: string;
  /** Values worth filtering by, taken from a listed group (none: the group cannot serve as reference). */
  valuesOf(group: Json): string[];
  matches(group: Json, value: string): boolean;
  show(group: Json): unknown;
  severity: Severity;
}

const adminUsers = (group: Json): string[] => (Array.isArray(group.admins) ? group.admins : []).filter(isRecord).map((a) => a.user).filter((u): u is string => typeof u === 'string');

export const GROUP_FILTERS: readonly GroupFilter[] = [
  { param: 'name', valuesOf: (g) => (typeof g.name === 'string' ? [g.name] : []), matches: (g, v) => g.name === v, show: (g) => g.name, severity: 'MUST' },
  { param: 'season', valuesOf: (g) => (typeof g.season === 'string' ? [g.season] : []), matches: (g, v) => g.season === v, show: (g) => g.season, severity: 'MUST' },
  { param: 'active', valuesOf: (g) => (typeof g.active === 'boolean' ? [String(g.active)] : []), matches: (g, v) => g.active === (v === 'true'), show: (g) => g.active, severity: 'MUST' },
  { param: 'admins.user', valuesOf: (g) => adminUsers(g).slice(0, 1), matches: (g, v) => adminUsers(g).includes(v), show: (g) => adminUsers(g), severity: 'MUST' },
  {
    // How createdAt matches is our decision (an instant matches exactly, a date the whole UTC day): SHOULD.
    param: 'createdAt',
    valuesOf: (g) => {
      const at = instant(g.createdAt);
      // The instant as listed, and its UTC calendar day.
      return at === undefined ? [] : [g.createdAt as string, new Date(at).toISOString().slice(0, 10)];
    },
    matches: (g, v) => {
      const at = instant(g.createdAt);
      if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return at !== undefined && new Date(at).toISOString().slice(0, 10) === v;
      return at !== undefined && at === instant(v);
    },
    show: (g) => g.createdAt,
    severity: 'SHOULD',
  },
];
