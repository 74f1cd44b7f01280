import type { GroupFields, SyncGroupEntry, SyncUpload } from '../../spec/openapi.d.ts';
import { objectId } from '../../fixtures/objectId.ts';
import type { GroupRecord } from '../../fixtures/records.ts';
import { findUserId, findUserIdByEmail, type PlanContext, sameApartFromStamps, unique } from './planEntities.ts';
import { tagId } from './tagId.ts';
import type { Stored } from '../store/Stored.ts';

type GroupFlags = Omit<NonNullable<SyncUpload['groups']>, 'data'>;

/** Labels for the codes a management system uploads (`nivel: "EF2"` is shown as "Ensino Fundamental II"). */
const LABELS: Record<string, string> = {
  EI: 'Educação Infantil',
  EF1: 'Ensino Fundamental I',
  EF2: 'Ensino Fundamental II',
  EM: 'Ensino Médio',
  regular: 'Regular',
  integral: 'Integral',
  eja: 'Educação de Jovens e Adultos',
};

/**
 * Groups: upsert by alias, then the relations. A relation key the entry carries adds to what the group has;
 * with its removeUnlisted* flag, it replaces it (what is not listed is unlinked, never deleted). A key the
 * entry does not carry leaves that relation alone, flag or not.
 */
export function planGroups(ctx: PlanContext, entries: SyncGroupEntry[], flags: GroupFlags): void {
  const community = ctx.store.community(ctx.community);
  entries.forEach((entry, i) => {
    const at = `/groups/data/${i}`;
    const alias = entry.alias as string;
    const existing = ctx.store.groupByAlias(ctx.community, alias);
    if (!existing && entry.name === undefined) {
      ctx.plan.errors.push({ in: 'body', path: `${at}/name`, rule: 'required', message: 'is required to create a group (a group name is required)' });
      return;
    }
    let season = entry.season ?? existing?.season;
    if (season === undefined) {
      season = community?.seasons.at(-1) ?? String(new Date(ctx.now).getUTCFullYear());
      ctx.plan.warnings.push({ path: `${at}/season`, message: `no season given for a new group; "${season}" (the community's latest) was used` });
    }
    const id = existing?._id ?? objectId(new Date(ctx.now), ctx.rng);

    const admins = resolveAdmins(ctx, entry, at);
    const components = (entry.components ?? []).flatMap((tuple, j) => resolveComponent(ctx, tuple[0], `${at}/components/${j}/0`));
    // A tag name keeps the id it has anywhere in the community; only a name never seen there gets a new one.
    const tags = unique(entry.tags ?? []).map((name) => ctx.store.tagByName(ctx.community, name) ?? { id: tagId(ctx.community, name), name });

    const next: Stored<GroupRecord> = {
      _id: id,
      community: ctx.community,
      alias,
      name: entry.name ?? (existing?.name as string),
      season,
      active: entry.active ?? existing?.active ?? true,
      tags: merge(existing?.tags ?? [], entry.tags ? tags : undefined, flags.removeUnlistedTags, (t) => t.name),
      admins: merge(
        existing?.admins ?? [],
        admins?.map((user) => ({ user })),
        flags.removeUnlistedAdmins,
        (a) => a.user,
      ),
      components: merge(existing?.components ?? [], entry.components ? components : undefined, flags.removeUnlistedComponents, (c) => c),
      fields: mergeFields(existing?.fields ?? {}, entry.fields),
      createdAt: existing?.createdAt ?? ctx.now,
      updatedAt: existing?.updatedAt ?? ctx.now,
      ...(existing?.syncedAt ? { syncedAt: existing.syncedAt } : {}),
    };
    const enrollmentsChanged = entry.members ? planEnrollments(ctx, id, entry.members, flags.removeUnlistedEnrollments === true, at) : false;
    const changed = !existing || enrollmentsChanged || !sameApartFromStamps(existing, next);
    if (changed) ctx.plan.groups.push({ ...next, updatedAt: ctx.now, syncedAt: ctx.now });
  });
}

/** Users named by `adminsSet` ([userAlias, ...]) and `admins` ({alias} or {email}); undefined when neither key is sent. */
function resolveAdmins(ctx: PlanContext, entry: SyncGroupEntry, at: string): string[] | undefined {
  if (!entry.adminsSet && !entry.admins) return undefined;
  const ids: string[] = [];
  (entry.adminsSet ?? []).forEach((tuple, j) => {
    const alias = tuple[0];
    const id = alias === undefined ? undefined : findUserId(ctx, alias);
    if (id) ids.push(id);
    else ctx.plan.warnings.push({ path: `${at}/adminsSet/${j}/0`, message: `no user "${alias ?? ''}" in this upload or in the community; admin skipped` });
  });
  (entry.admins ?? []).forEach((admin, j) => {
    const id = (admin.alias ? findUserId(ctx, admin.alias) : undefined) ?? (admin.email ? findUserIdByEmail(ctx, admin.email) : undefined);
    if (id) ids.push(id);
    else
      ctx.plan.warnings.push({
        path: `${at}/admins/${j}`,
        message: `no user with alias "${admin.alias ?? ''}" or e-mail "${admin.email ?? ''}"; admin skipped`,
      });
  });
  return unique(ids);
}

function resolveComponent(ctx: PlanContext, alias: string | undefined, path: string): string[] {
  const id = alias === undefined ? undefined : (ctx.components.get(alias)?._id ?? ctx.store.componentByAlias(ctx.community, alias)?._id);
  if (!id) ctx.plan.warnings.push({ path, message: `no component "${alias ?? ''}" in this upload or in the community; link skipped` });
  return id ? [id] : [];
}

/** Enrolls the listed members; with removeUnlistedEnrollments, unlinks the group's other enrollments. */
function planEnrollments(ctx: PlanContext, groupId: string, members: string[][], removeUnlisted: boolean, at: string): boolean {
  const existing = ctx.store.enrollmentsOfGroup(groupId);
  const listed = new Set<string>();
  let changed = false;
  members.forEach((tuple, j) => {
    const alias = tuple[0];
    const id = alias === undefined ? undefined : (ctx.members.get(alias)?._id ?? ctx.store.memberByAlias(ctx.community, alias)?._id);
    if (!id) {
      ctx.plan.warnings.push({ path: `${at}/members/${j}/0`, message: `no member "${alias ?? ''}" in this upload or in the community; enrollment skipped` });
      return;
    }
    listed.add(id);
    if (!existing.some((e) => e.entity === id)) {
      ctx.plan.enrollmentsToAdd.push({
        _id: objectId(new Date(ctx.now), ctx.rng),
        community: ctx.community,
        kind: 'member',
        entity: id,
        group: groupId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      changed = true;
    }
  });
  if (removeUnlisted) {
    for (const e of existing) {
      if (!listed.has(e.entity)) {
        ctx.plan.enrollmentsToDelete.push(e._id);
        changed = true;
      }
    }
  }
  return changed;
}

function merge<T>(current: readonly T[], listed: readonly T[] | undefined, replace: boolean | undefined, key: (item: T) => string): readonly T[] {
  if (listed === undefined) return current;
  const base = replace ? [] : current;
  const seen = new Set(base.map(key));
  return [...base, ...listed.filter((item) => !seen.has(key(item)) && (seen.add(key(item)), true))];
}

/** The upload's `education:basic` (codes) becomes the API's `@education:basic` ({_id, label}); other namespaces are kept as sent. */
function mergeFields(current: GroupFields, uploaded: SyncGroupEntry['fields']): GroupFields {
  if (!uploaded) return current;
  const out: GroupFields = { ...current };
  for (const [namespace, value] of Object.entries(uploaded)) {
    if (namespace !== 'education:basic') {
      out[namespace] = value as Record<string, never>;
      continue;
    }
    const basic = value as { tipo?: string; nivel?: string; periodo?: string[] };
    const previous = current['@education:basic'] ?? {};
    out['@education:basic'] = {
      ...previous,
      ...(basic.tipo !== undefined ? { tipo: { _id: basic.tipo, label: LABELS[basic.tipo] ?? basic.tipo } } : {}),
      ...(basic.nivel !== undefined ? { nivel: { _id: basic.nivel, label: LABELS[basic.nivel] ?? basic.nivel } } : {}),
      ...(basic.periodo !== undefined ? { periodo: basic.periodo.join(', ') } : {}),
    };
  }
  return out;
}
