import { Refusal } from './queryGroups.ts';
import { COMMUNITY, COMPONENTS, USERS, type Json } from './targetData.ts';
import type { AnyFault } from './TargetOptions.ts';

/** What uploads added: groups after the base ones, users and components beside the own data. */
export interface Entities {
  groups: Json[];
  users: Json[];
  components: Json[];
  /** A logical clock: each write is one second after the previous one, from a fixed start. */
  tick: number;
}

const START = Date.UTC(2026, 2, 1, 12, 0, 0);
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function dataOf(body: Json, key: string): Json[] {
  const part = body[key];
  if (part === undefined) return [];
  if (!isObject(part) || !Array.isArray(part.data) || !part.data.every(isObject)) throw new Refusal(400, `${key}.data must be an array of objects`);
  for (const [flag, value] of Object.entries(part))
    if (flag.startsWith('removeUnlisted') && typeof value !== 'boolean') throw new Refusal(400, `${key}.${flag} must be a boolean`);
  for (const entry of part.data)
    if (entry.active !== undefined && typeof entry.active !== 'boolean') throw new Refusal(400, `${key}.data[].active must be a boolean`);
  return part.data;
}

/** Upserts by alias; `removeUnlisted*` replaces a group's tags and admins instead of adding to them. */
export function syncUpload(entities: Entities, raw: unknown, runId: string, faults: ReadonlySet<AnyFault> = new Set()): Json {
  if (!isObject(raw)) throw new Refusal(400, 'the body must be an object');
  const parts = { components: dataOf(raw, 'components'), users: dataOf(raw, 'users'), members: dataOf(raw, 'members'), groups: dataOf(raw, 'groups') };
  // Whatever it later serves as a string is checked before anything is stored: the whole upload or nothing.
  for (const [section, entries] of Object.entries(parts)) {
    for (const [i, entry] of entries.entries()) {
      for (const key of ['alias', 'name', 'email', 'season']) {
        if (entry[key] !== undefined && typeof entry[key] !== 'string') throw new Refusal(400, `${section}.data[${i}].${key} must be a string`);
      }
      if (entry.active !== undefined && typeof entry.active !== 'boolean') throw new Refusal(400, `${section}.data[${i}].active must be a boolean`);
      if (entry.rolesSet !== undefined && (!isObject(entry.rolesSet) || Object.values(entry.rolesSet).some((v) => typeof v !== 'boolean')))
        throw new Refusal(400, `${section}.data[${i}].rolesSet must be an object of booleans`);
    }
  }
  const now = (): string => new Date(START + ++entities.tick * 1000).toISOString();
  const upsert = (list: Json[], entry: Json, make: () => Json): Json => {
    const found = list.find((x) => x.alias === entry.alias);
    if (found) return Object.assign(found, make(), { _id: found._id });
    const created = make();
    list.push(created);
    return created;
  };
  for (const c of parts.components)
    upsert(entities.components, c, () => ({ active: c.active ?? true, alias: c.alias, name: c.name, fields: {}, updatedAt: now() }));
  for (const u of parts.users)
    upsert(entities.users, u, () => ({
      _id: `usr-up-${String(u.alias)}`,
      active: u.active ?? true,
      alias: u.alias,
      name: u.name,
      email: u.email,
      rolesSet: u.rolesSet,
      updatedAt: now(),
    }));
  const flags = isObject(raw.groups) ? raw.groups : {};
  for (const entry of parts.groups) {
    const stamp = now();
    const existing = entities.groups.find((g) => g.alias === entry.alias);
    const tags = (Array.isArray(entry.tags) ? entry.tags : []).map((name) => ({ id: `tag-${String(name)}`, name: String(name) }));
    const admins = (Array.isArray(entry.adminsSet) ? entry.adminsSet : []).map((set) => ({ user: `usr-up-${String((set as unknown[])[0])}` }));
    const merge = (old: unknown, add: Json[], replace: unknown): Json[] => {
      const kept = replace === true || !Array.isArray(old) ? [] : (old as Json[]);
      return [...kept, ...add.filter((a) => !kept.some((k) => JSON.stringify(k) === JSON.stringify(a)))];
    };
    const group: Json = existing ?? {
      _id: (0xf00000 + entities.groups.length).toString(16).padStart(24, '0'),
      alias: entry.alias,
      createdAt: stamp,
      community: COMMUNITY,
      fields: {},
    };
    Object.assign(group, {
      // The fault keeps a group's name in a 32-character column (cut in UTF-16 code units).
      name: faults.has('upload-names-truncated') && typeof entry.name === 'string' ? entry.name.slice(0, 32) : (entry.name ?? group.name),
      season: entry.season ?? group.season,
      active: entry.active ?? group.active ?? true,
      tags: entry.tags ? merge(group.tags, tags, flags.removeUnlistedTags) : (group.tags ?? []),
      admins: entry.adminsSet ? merge(group.admins, admins, flags.removeUnlistedAdmins) : (group.admins ?? []),
      updatedAt: stamp,
      syncedAt: stamp,
    });
    if (!existing) entities.groups.push(group);
  }
  return {
    syncRunId: runId,
    received: { groups: parts.groups.length, members: parts.members.length, users: parts.users.length, components: parts.components.length },
    warnings: [],
  };
}

export interface DataActionOptions {
  secret: string;
  exclusive: boolean;
  faults: ReadonlySet<AnyFault>;
  badSecretStatus: number;
}

/** The records updated after `data.after`, oldest first, at most `data.limit` (default 100, at most 500). */
export function dataActions(entities: Entities, raw: unknown, kind: 'users' | 'components', options: DataActionOptions): Json[] {
  if (!isObject(raw) || !isObject(raw.context) || typeof raw.secret !== 'string') throw new Refusal(400, 'context and secret are required');
  const data = raw.data === undefined ? {} : raw.data;
  if (!isObject(data)) throw new Refusal(400, 'data must be an object');
  if (data.after !== undefined && (typeof data.after !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(data.after)))
    throw new Refusal(400, 'data.after must be an ISO 8601 instant');
  if (data.limit !== undefined && (!Number.isInteger(data.limit) || (data.limit as number) < 1))
    throw new Refusal(400, 'data.limit must be a positive integer');
  if (raw.secret !== options.secret && !options.faults.has('accepts-any-secret')) throw new Refusal(options.badSecretStatus, 'wrong secret');
  const after = typeof data.after === 'string' && !options.faults.has('ignores-after') ? Date.parse(data.after) : -Infinity;
  const limit = Math.min(typeof data.limit === 'number' ? data.limit : 100, 500) + (options.faults.has('data-action-over-limit') ? 1 : 0);
  // The records are this community's: another community's call answers none of them (it has none here).
  if (raw.context.community !== COMMUNITY && !options.faults.has('data-action-any-community')) return [];
  const records = kind === 'users' ? [...USERS, ...entities.users] : [...COMPONENTS, ...entities.components];
  return records
    .filter((r) => (options.exclusive ? Date.parse(String(r.updatedAt)) > after : Date.parse(String(r.updatedAt)) >= after))
    .sort((a, b) => Date.parse(String(a.updatedAt)) - Date.parse(String(b.updatedAt)))
    .slice(0, limit)
    .map(({ _id: _unused, ...r }) => (kind === 'users' && options.faults.has('users-without-roles-set') ? { ...r, rolesSet: undefined } : r));
}
