import { sameData } from '../store/sameData.ts';
import type { SyncComponentEntry, SyncMemberEntry, SyncUserEntry } from '../../spec/openapi.d.ts';
import { objectId } from '../../fixtures/objectId.ts';
import type { Rng } from '../../fixtures/rng.ts';
import type { ComponentRecord, MemberRecord, UserRecord } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import type { SyncPlan } from './SyncPlan.ts';
import type { Stored } from '../store/Stored.ts';

export interface PlanContext {
  store: Store;
  community: string;
  now: string;
  rng: Rng;
  plan: SyncPlan;
  /** Records this upload creates or changes, by alias, so later entries can link to earlier ones. */
  users: Map<string, Stored<UserRecord>>;
  members: Map<string, Stored<MemberRecord>>;
  components: Map<string, Stored<ComponentRecord>>;
}

type Stamped = { updatedAt: string; syncedAt?: string };

/** Equal but for the stamps: an upload that repeats what is stored changes nothing. */
export function sameApartFromStamps<T extends Stamped>(existing: T, next: T): boolean {
  return sameData({ ...existing, updatedAt: '', syncedAt: '' }, { ...next, updatedAt: '', syncedAt: '' });
}

/** Upserts by alias; updatedAt and syncedAt move only when something changed. */
function stamp<T extends Stamped>(existing: T | undefined, next: T, now: string): T | undefined {
  if (existing && sameApartFromStamps(existing, next)) return undefined;
  return { ...next, updatedAt: now, syncedAt: now };
}

export function planComponents(ctx: PlanContext, entries: SyncComponentEntry[]): void {
  entries.forEach((entry, i) => {
    const alias = entry.alias as string;
    const existing = ctx.store.componentByAlias(ctx.community, alias);
    const fields = { ...existing?.fields };
    for (const [namespace, value] of Object.entries(entry.fields ?? {})) {
      fields[namespace] = { ...fields[namespace], ...stringValues(value) };
    }
    const next: Stored<ComponentRecord> = {
      _id: existing?._id ?? objectId(new Date(ctx.now), ctx.rng),
      community: ctx.community,
      alias,
      name: entry.name ?? existing?.name ?? alias,
      active: entry.active ?? existing?.active ?? true,
      fields,
      createdAt: existing?.createdAt ?? ctx.now,
      updatedAt: existing?.updatedAt ?? ctx.now,
      ...(existing?.syncedAt ? { syncedAt: existing.syncedAt } : {}),
    };
    const changed = stamp(existing, next, ctx.now);
    if (changed) ctx.plan.components.push(changed);
    ctx.components.set(alias, changed ?? next);
    if (!entry.name && !existing)
      ctx.plan.warnings.push({ path: `/components/data/${i}/name`, message: 'a new component without a name; its alias stands in for it' });
  });
}

export function planUsers(ctx: PlanContext, entries: SyncUserEntry[]): void {
  entries.forEach((entry, i) => {
    const alias = entry.alias as string;
    const existing = ctx.store.userByAlias(ctx.community, alias);
    const rolesSet = {
      student: false,
      guardian: false,
      professor: false,
      coordenator: false,
      ...existing?.rolesSet,
      ...entry.rolesSet,
    };
    const next: Stored<UserRecord> = {
      _id: existing?._id ?? objectId(new Date(ctx.now), ctx.rng),
      community: ctx.community,
      alias,
      name: entry.name ?? existing?.name ?? alias,
      email: entry.email ?? existing?.email ?? '',
      birth: entry.birth ?? existing?.birth ?? '',
      active: entry.active ?? existing?.active ?? true,
      rolesSet,
      address: existing?.address ?? { code: '', state: '', city: '', district: '', address: '', complement: '', number: '' },
      fields: existing?.fields ?? {},
      roles: Object.entries(rolesSet)
        .filter(([, on]) => on)
        .map(([role]) => role),
      permissions: existing?.permissions ?? [],
      createdAt: existing?.createdAt ?? ctx.now,
      updatedAt: existing?.updatedAt ?? ctx.now,
      lastSeenAt: existing?.lastSeenAt ?? ctx.now,
      ...(existing?.syncedAt ? { syncedAt: existing.syncedAt } : {}),
    };
    const changed = stamp(existing, next, ctx.now);
    if (changed) ctx.plan.users.push(changed);
    ctx.users.set(alias, changed ?? next);
    if (!entry.name && !existing) ctx.plan.warnings.push({ path: `/users/data/${i}/name`, message: 'a new user without a name; its alias stands in for it' });
  });
}

export function planMembers(ctx: PlanContext, entries: SyncMemberEntry[], removeUnlistedUsers: boolean): void {
  entries.forEach((entry, i) => {
    const alias = entry.alias as string;
    const existing = ctx.store.memberByAlias(ctx.community, alias);
    let users = existing?.users ?? [];
    if (entry.users) {
      const listed = entry.users.flatMap((userAlias, j) => {
        const id = findUserId(ctx, userAlias);
        if (!id)
          ctx.plan.warnings.push({ path: `/members/data/${i}/users/${j}`, message: `no user "${userAlias}" in this upload or in the community; link skipped` });
        return id ? [id] : [];
      });
      // removeUnlistedUsers unlinks the users this entry does not list; without it, links only accumulate.
      users = removeUnlistedUsers ? unique(listed) : unique([...users, ...listed]);
    }
    const next: Stored<MemberRecord> = {
      _id: existing?._id ?? objectId(new Date(ctx.now), ctx.rng),
      community: ctx.community,
      alias,
      name: entry.name ?? existing?.name ?? alias,
      birth: entry.birth ?? existing?.birth ?? '',
      active: entry.active ?? existing?.active ?? true,
      users,
      createdAt: existing?.createdAt ?? ctx.now,
      updatedAt: existing?.updatedAt ?? ctx.now,
      ...(existing?.syncedAt ? { syncedAt: existing.syncedAt } : {}),
    };
    const changed = stamp(existing, next, ctx.now);
    if (changed) ctx.plan.members.push(changed);
    ctx.members.set(alias, changed ?? next);
  });
}

export function findUserId(ctx: PlanContext, alias: string): string | undefined {
  return ctx.users.get(alias)?._id ?? ctx.store.userByAlias(ctx.community, alias)?._id;
}

export function findUserIdByEmail(ctx: PlanContext, email: string): string | undefined {
  for (const user of ctx.users.values()) if (user.email.toLowerCase() === email.toLowerCase()) return user._id;
  return ctx.store.userByEmail(ctx.community, email)?._id;
}

export function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

function stringValues(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}
