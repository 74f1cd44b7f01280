import { normalizeText } from './normalizeText.ts';
import type {
  AppRecord,
  ComponentRecord,
  Dataset,
  EnrollmentRecord,
  GroupRecord,
  InstallationRecord,
  MemberRecord,
  UserRecord,
} from './records.ts';
import { SetIndex } from './SetIndex.ts';
import { SortedIdIndex } from './SortedIdIndex.ts';
import type { GroupQuery, Page, SortTerm, Store, UpdatedAfterQuery } from './Store.ts';

const DEFAULT_SORT: SortTerm[] = [{ key: 'createdAt', descending: false }];

/** Ids in creation order: all of them, and split by `active`. */
interface OrderedGroups {
  all: SortedIdIndex;
  active: SortedIdIndex;
  inactive: SortedIdIndex;
}

interface CommunityGroups extends OrderedGroups {
  /** The same, per season: "the classes of 2026" is the most common filter, and it pages without a scan. */
  seasons: Map<string, OrderedGroups>;
  byAlias: Map<string, string>;
  byName: SetIndex;
  bySeason: SetIndex;
  byAdmin: SetIndex;
  byDay: SetIndex;
  /** Sorted id lists for non-default sorts, built on first use and dropped on any write to the community. */
  sorted: Map<string, string[]>;
}

function orderedGroups(): OrderedGroups {
  return { all: new SortedIdIndex(), active: new SortedIdIndex(), inactive: new SortedIdIndex() };
}

/** The in-memory Store. `seed` is the reset point; it is copied, never mutated. */
export function createMemoryStore(seed: Dataset): Store {
  let seedData = structuredClone(seed);
  let version = 0;

  let state = emptyState();

  function emptyState() {
    return {
      seed: seedData.seed,
      communities: new Map<string, Dataset['communities'][number]>(),
      groups: new Map<string, GroupRecord>(),
      groupIndex: new Map<string, CommunityGroups>(),
      groupSearchText: new Map<string, string>(),
      groupsByComponent: new SetIndex(),
      groupsByAdminUser: new SetIndex(),
      /** community + tag name → tag id; never forgotten, so a re-used name gets its old id back. */
      tagIds: new Map<string, string>(),
      users: new Map<string, UserRecord>(),
      usersByAlias: new Map<string, string>(),
      usersByEmail: new Map<string, string>(),
      usersByCommunity: new SetIndex(),
      usersUpdated: new Map<string, SortedIdIndex>(),
      members: new Map<string, MemberRecord>(),
      membersByAlias: new Map<string, string>(),
      membersByUser: new SetIndex(),
      enrollments: new Map<string, EnrollmentRecord>(),
      enrollmentsByGroup: new SetIndex(),
      enrollmentsByMember: new SetIndex(),
      components: new Map<string, ComponentRecord>(),
      componentsByAlias: new Map<string, string>(),
      componentsUpdated: new Map<string, SortedIdIndex>(),
      apps: new Map<string, AppRecord>(),
      appsBySecret: new Map<string, string>(),
      installations: new Map<string, InstallationRecord>(),
      installationsByApp: new SetIndex(),
      installationsByCommunity: new SetIndex(),
      syncRuns: new Map<string, Dataset['syncRuns'][number]>(),
      tokens: new Map<string, Dataset['tokens'][number]>(),
    };
  }

  const key = (community: string, alias: string): string => `${community}\u0000${alias}`;
  const copy = <T>(value: T | undefined): T | undefined => (value === undefined ? undefined : structuredClone(value));

  function communityGroups(community: string): CommunityGroups {
    let index = state.groupIndex.get(community);
    if (!index) {
      index = {
        ...orderedGroups(),
        seasons: new Map(),
        byAlias: new Map(),
        byName: new SetIndex(),
        bySeason: new SetIndex(),
        byAdmin: new SetIndex(),
        byDay: new SetIndex(),
        sorted: new Map(),
      };
      state.groupIndex.set(community, index);
    }
    return index;
  }

  function unindexGroup(g: GroupRecord): void {
    const index = communityGroups(g.community);
    for (const ordered of [index, index.seasons.get(g.season)]) {
      ordered?.all.remove(g.createdAt, g._id);
      (g.active ? ordered?.active : ordered?.inactive)?.remove(g.createdAt, g._id);
    }
    index.byAlias.delete(g.alias);
    index.byName.delete(g.name, g._id);
    index.bySeason.delete(g.season, g._id);
    index.byDay.delete(g.createdAt.slice(0, 10), g._id);
    for (const a of g.admins) {
      index.byAdmin.delete(a.user, g._id);
      state.groupsByAdminUser.delete(a.user, g._id);
    }
    for (const c of g.components) state.groupsByComponent.delete(c, g._id);
    index.sorted.clear();
  }

  function indexGroup(g: GroupRecord): void {
    const index = communityGroups(g.community);
    let season = index.seasons.get(g.season);
    if (!season) index.seasons.set(g.season, (season = orderedGroups()));
    for (const ordered of [index, season]) {
      ordered.all.insert(g.createdAt, g._id);
      (g.active ? ordered.active : ordered.inactive).insert(g.createdAt, g._id);
    }
    index.byAlias.set(g.alias, g._id);
    index.byName.add(g.name, g._id);
    index.bySeason.add(g.season, g._id);
    index.byDay.add(g.createdAt.slice(0, 10), g._id);
    for (const a of g.admins) {
      index.byAdmin.add(a.user, g._id);
      state.groupsByAdminUser.add(a.user, g._id);
    }
    for (const c of g.components) state.groupsByComponent.add(c, g._id);
    for (const t of g.tags) if (!state.tagIds.has(key(g.community, t.name))) state.tagIds.set(key(g.community, t.name), t.id);
    state.groupSearchText.set(g._id, normalizeText(`${g.name}\u0000${g.alias}`));
    index.sorted.clear();
  }

  function putGroupRaw(g: GroupRecord): void {
    const previous = state.groups.get(g._id);
    if (previous) unindexGroup(previous);
    state.groups.set(g._id, g);
    indexGroup(g);
  }

  function putUserRaw(u: UserRecord): void {
    const previous = state.users.get(u._id);
    const updated = state.usersUpdated.get(u.community) ?? new SortedIdIndex();
    state.usersUpdated.set(u.community, updated);
    if (previous) {
      state.usersByAlias.delete(key(previous.community, previous.alias));
      state.usersByEmail.delete(key(previous.community, previous.email.toLowerCase()));
      state.usersByCommunity.delete(previous.community, previous._id);
      state.usersUpdated.get(previous.community)?.remove(previous.updatedAt, previous._id);
    }
    state.users.set(u._id, u);
    state.usersByAlias.set(key(u.community, u.alias), u._id);
    if (u.email) state.usersByEmail.set(key(u.community, u.email.toLowerCase()), u._id);
    state.usersByCommunity.add(u.community, u._id);
    updated.insert(u.updatedAt, u._id);
  }

  function putMemberRaw(m: MemberRecord): void {
    const previous = state.members.get(m._id);
    if (previous) {
      state.membersByAlias.delete(key(previous.community, previous.alias));
      for (const u of previous.users) state.membersByUser.delete(u, previous._id);
    }
    state.members.set(m._id, m);
    state.membersByAlias.set(key(m.community, m.alias), m._id);
    for (const u of m.users) state.membersByUser.add(u, m._id);
  }

  function putEnrollmentRaw(e: EnrollmentRecord): void {
    const previous = state.enrollments.get(e._id);
    if (previous) {
      state.enrollmentsByGroup.delete(previous.group, previous._id);
      state.enrollmentsByMember.delete(previous.entity, previous._id);
    }
    state.enrollments.set(e._id, e);
    state.enrollmentsByGroup.add(e.group, e._id);
    state.enrollmentsByMember.add(e.entity, e._id);
  }

  function putComponentRaw(c: ComponentRecord): void {
    const previous = state.components.get(c._id);
    const updated = state.componentsUpdated.get(c.community) ?? new SortedIdIndex();
    state.componentsUpdated.set(c.community, updated);
    if (previous) {
      state.componentsByAlias.delete(key(previous.community, previous.alias));
      state.componentsUpdated.get(previous.community)?.remove(previous.updatedAt, previous._id);
    }
    state.components.set(c._id, c);
    state.componentsByAlias.set(key(c.community, c.alias), c._id);
    updated.insert(c.updatedAt, c._id);
  }

  function putAppRaw(a: AppRecord): void {
    const id = a.manifest.id as string;
    const previous = state.apps.get(id);
    if (previous) state.appsBySecret.delete(previous.dataActionSecret);
    state.apps.set(id, a);
    state.appsBySecret.set(a.dataActionSecret, id);
  }

  function putInstallationRaw(i: InstallationRecord): void {
    const k = key(i.appId, i.community);
    state.installations.set(k, i);
    state.installationsByApp.add(i.appId, k);
    state.installationsByCommunity.add(i.community, k);
  }

  function loadDataset(dataset: Dataset): void {
    const data = structuredClone(dataset);
    state = emptyState();
    state.seed = data.seed;
    for (const c of data.communities) state.communities.set(c.id, c);
    // Inserting in index order makes every SortedIdIndex insert an append: O(n) to load, not O(n²).
    for (const g of data.groups.sort(byKey('createdAt'))) putGroupRaw(g);
    for (const u of data.users.sort(byKey('updatedAt'))) putUserRaw(u);
    for (const m of data.members) putMemberRaw(m);
    for (const e of data.enrollments) putEnrollmentRaw(e);
    for (const c of data.components.sort(byKey('updatedAt'))) putComponentRaw(c);
    for (const a of data.apps) putAppRaw(a);
    for (const i of data.installations) putInstallationRaw(i);
    for (const r of data.syncRuns) state.syncRuns.set(r._id, r);
    for (const t of data.tokens) state.tokens.set(t.token, t);
    version++;
  }

  function groupMatches(g: GroupRecord, q: GroupQuery): boolean {
    if (q.active !== undefined && g.active !== q.active) return false;
    if (q.name !== undefined && g.name !== q.name) return false;
    if (q.season !== undefined && g.season !== q.season) return false;
    if (q.alias !== undefined && g.alias !== q.alias) return false;
    if (q.adminUser !== undefined && !g.admins.some((a) => a.user === q.adminUser)) return false;
    if (q.createdAt !== undefined && !createdAtMatches(g.createdAt, q.createdAt)) return false;
    if (q.q !== undefined && q.q !== '' && !(state.groupSearchText.get(g._id) ?? '').includes(normalizeText(q.q))) return false;
    return true;
  }

  function compareGroups(sort: SortTerm[]) {
    return (a: GroupRecord, b: GroupRecord): number => {
      for (const term of sort) {
        const x = a[term.key];
        const y = b[term.key];
        if (x !== y) return (x < y ? -1 : 1) * (term.descending ? -1 : 1);
      }
      return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
    };
  }

  function sortedIds(index: CommunityGroups, sort: SortTerm[]): string[] {
    const sortKey = JSON.stringify(sort);
    let ids = index.sorted.get(sortKey);
    if (!ids) {
      ids = index.all.slice(0).map((id) => state.groups.get(id) as GroupRecord).sort(compareGroups(sort)).map((g) => g._id);
      index.sorted.set(sortKey, ids);
    }
    return ids;
  }

  function seasonsOfGroups(groupIds: Iterable<string>): Set<string> {
    const out = new Set<string>();
    for (const id of groupIds) {
      const g = state.groups.get(id);
      if (g) out.add(g.season);
    }
    return out;
  }

  /** A user is in a season when it administers a group of it, or is linked to a member enrolled in one. */
  function userInSeason(userId: string, season: string): boolean {
    if (seasonsOfGroups(state.groupsByAdminUser.get(userId)).has(season)) return true;
    for (const memberId of state.membersByUser.get(userId)) {
      for (const enrollmentId of state.enrollmentsByMember.get(memberId)) {
        const e = state.enrollments.get(enrollmentId);
        if (e && state.groups.get(e.group)?.season === season) return true;
      }
    }
    return false;
  }

  function updatedAfter<T extends { updatedAt: string }>(
    index: SortedIdIndex | undefined,
    records: Map<string, T>,
    query: UpdatedAfterQuery,
    inSeason: (id: string) => boolean,
  ): T[] {
    if (!index) return [];
    const out: T[] = [];
    for (let i = query.after ? index.lowerBound(query.after) : 0; i < index.size && out.length < query.limit; i++) {
      const id = index.idAt(i) as string;
      if (query.season !== undefined && !inSeason(id)) continue;
      out.push(structuredClone(records.get(id) as T));
    }
    return out;
  }

  loadDataset(seedData);

  const store: Store = {
    get version() {
      return version;
    },
    get seed() {
      return state.seed;
    },
    reset: () => loadDataset(seedData),
    snapshot: () => structuredClone({
      seed: state.seed,
      communities: [...state.communities.values()],
      users: [...state.users.values()],
      members: [...state.members.values()],
      groups: [...state.groups.values()],
      enrollments: [...state.enrollments.values()],
      components: [...state.components.values()],
      apps: [...state.apps.values()],
      installations: [...state.installations.values()],
      syncRuns: [...state.syncRuns.values()],
      tokens: [...state.tokens.values()],
    }) as Dataset,
    load(dataset, options) {
      if (options?.asSeed) seedData = structuredClone(dataset);
      loadDataset(dataset);
    },

    community: (id) => copy(state.communities.get(id)),
    communities: () => structuredClone([...state.communities.values()]),

    group(community, id) {
      const g = state.groups.get(id);
      return g && g.community === community ? structuredClone(g) : undefined;
    },
    groupByAlias(community, alias) {
      const id = state.groupIndex.get(community)?.byAlias.get(alias);
      return id ? copy(state.groups.get(id)) : undefined;
    },
    queryGroups(q): Page<GroupRecord> {
      const index = state.groupIndex.get(q.community);
      if (!index) return { items: [], total: 0 };
      const sort = q.sort && q.sort.length > 0 ? q.sort : DEFAULT_SORT;
      const isDefaultSort = sort.length === 1 && sort[0]?.key === 'createdAt' && !sort[0].descending;
      const start = (q.page - 1) * q.limit;

      // The smallest indexed candidate set; the remaining filters are checked record by record.
      const sets: Array<ReadonlySet<string>> = [];
      const onlySeasonAndActive = q.alias === undefined && q.name === undefined && q.adminUser === undefined && q.createdAt === undefined && !(q.q !== undefined && q.q !== '');
      if (onlySeasonAndActive && isDefaultSort) {
        // The common case, no scan: a creation-order index (of the season, when filtered by one) is the answer.
        const scope = q.season === undefined ? index : index.seasons.get(q.season);
        if (!scope) return { items: [], total: 0 };
        const ordered = q.active === undefined ? scope.all : q.active ? scope.active : scope.inactive;
        const ids = ordered.slice(start, start + q.limit);
        return { items: ids.map((id) => structuredClone(state.groups.get(id) as GroupRecord)), total: ordered.size };
      }
      if (q.alias !== undefined) sets.push(new Set(index.byAlias.has(q.alias) ? [index.byAlias.get(q.alias) as string] : []));
      if (q.name !== undefined) sets.push(index.byName.get(q.name));
      if (q.season !== undefined) sets.push(index.bySeason.get(q.season));
      if (q.adminUser !== undefined) sets.push(index.byAdmin.get(q.adminUser));
      if (q.createdAt !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(q.createdAt)) sets.push(index.byDay.get(q.createdAt));
      const needsScan = q.q !== undefined && q.q !== '' || (q.createdAt !== undefined && sets.length === 0);

      let candidates: GroupRecord[];
      if (sets.length > 0) {
        const smallest = sets.reduce((a, b) => (b.size < a.size ? b : a));
        candidates = [...smallest].map((id) => state.groups.get(id) as GroupRecord).filter((g) => groupMatches(g, q));
        candidates.sort(compareGroups(sort));
      } else if (!needsScan && q.active === undefined) {
        // A non-default sort without filters: the cached sorted list is the answer, sliced.
        const ids = sortedIds(index, sort);
        return { items: ids.slice(start, start + q.limit).map((id) => structuredClone(state.groups.get(id) as GroupRecord)), total: ids.length };
      } else {
        const ids = isDefaultSort ? index.all.slice(0) : sortedIds(index, sort);
        candidates = [];
        for (const id of ids) {
          const g = state.groups.get(id) as GroupRecord;
          if (groupMatches(g, q)) candidates.push(g);
        }
      }
      return { items: candidates.slice(start, start + q.limit).map((g) => structuredClone(g)), total: candidates.length };
    },
    tagByName(community, name) {
      const id = state.tagIds.get(key(community, name));
      return id === undefined ? undefined : { id, name };
    },
    groupsAdministeredBy: (userId) => [...state.groupsByAdminUser.get(userId)].map((id) => structuredClone(state.groups.get(id) as GroupRecord)),
    putGroup(g) {
      putGroupRaw(structuredClone(g));
      version++;
    },

    user: (id) => copy(state.users.get(id)),
    userByAlias: (community, alias) => copy(state.users.get(state.usersByAlias.get(key(community, alias)) ?? '')),
    userByEmail: (community, email) => copy(state.users.get(state.usersByEmail.get(key(community, email.toLowerCase())) ?? '')),
    users: (community) => [...state.usersByCommunity.get(community)].map((id) => structuredClone(state.users.get(id) as UserRecord)),
    usersUpdatedAfter: (query) =>
      updatedAfter(state.usersUpdated.get(query.community), state.users, query, (id) => userInSeason(id, query.season as string)),
    putUser(u) {
      putUserRaw(structuredClone(u));
      version++;
    },

    member: (id) => copy(state.members.get(id)),
    memberByAlias: (community, alias) => copy(state.members.get(state.membersByAlias.get(key(community, alias)) ?? '')),
    membersOfUser: (userId) => [...state.membersByUser.get(userId)].map((id) => structuredClone(state.members.get(id) as MemberRecord)),
    putMember(m) {
      putMemberRaw(structuredClone(m));
      version++;
    },

    enrollmentsOfGroup: (groupId) => [...state.enrollmentsByGroup.get(groupId)].map((id) => structuredClone(state.enrollments.get(id) as EnrollmentRecord)),
    enrollmentsOfMember: (memberId) => [...state.enrollmentsByMember.get(memberId)].map((id) => structuredClone(state.enrollments.get(id) as EnrollmentRecord)),
    putEnrollment(e) {
      putEnrollmentRaw(structuredClone(e));
      version++;
    },
    deleteEnrollment(id) {
      const e = state.enrollments.get(id);
      if (!e) return;
      state.enrollments.delete(id);
      state.enrollmentsByGroup.delete(e.group, id);
      state.enrollmentsByMember.delete(e.entity, id);
      version++;
    },

    component: (id) => copy(state.components.get(id)),
    componentByAlias: (community, alias) => copy(state.components.get(state.componentsByAlias.get(key(community, alias)) ?? '')),
    componentsUpdatedAfter: (query) =>
      updatedAfter(state.componentsUpdated.get(query.community), state.components, query, (id) =>
        seasonsOfGroups(state.groupsByComponent.get(id)).has(query.season as string),
      ),
    putComponent(c) {
      putComponentRaw(structuredClone(c));
      version++;
    },

    app: (appId) => copy(state.apps.get(appId)),
    apps: () => structuredClone([...state.apps.values()]),
    appBySecret: (secret) => copy(state.apps.get(state.appsBySecret.get(secret) ?? '')),
    installation: (appId, community) => copy(state.installations.get(key(appId, community))),
    installationsOfApp: (appId) => [...state.installationsByApp.get(appId)].map((k) => structuredClone(state.installations.get(k) as InstallationRecord)),
    installationsInCommunity: (community) =>
      [...state.installationsByCommunity.get(community)].map((k) => structuredClone(state.installations.get(k) as InstallationRecord)),
    putInstallation(i) {
      putInstallationRaw(structuredClone(i));
      version++;
    },

    syncRun: (id) => copy(state.syncRuns.get(id)),
    putSyncRun(r) {
      state.syncRuns.set(r._id, structuredClone(r));
      version++;
    },

    token: (value) => copy(state.tokens.get(value)),
    tokens: () => structuredClone([...state.tokens.values()]),
    putToken(t) {
      state.tokens.set(t.token, structuredClone(t));
      version++;
    },
  };
  return store;
}

function byKey(key: 'createdAt' | 'updatedAt') {
  return (a: { _id: string; createdAt: string; updatedAt: string }, b: { _id: string; createdAt: string; updatedAt: string }): number =>
    a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** `createdAt` filter: a calendar date matches that UTC day; anything else must equal the instant. */
export function createdAtMatches(createdAt: string, filter: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(filter)) return createdAt.startsWith(filter);
  const wanted = Date.parse(filter);
  return !Number.isNaN(wanted) && Date.parse(createdAt) === wanted;
}
