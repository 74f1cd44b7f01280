import { GroupTable } from './GroupTable.ts';
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
import type { Store, UpdatedAfterQuery } from './Store.ts';

/** The in-memory Store. `seed` is the reset point; it is copied, never mutated. */
export function createMemoryStore(seed: Dataset): Store {
  let seedData = structuredClone(seed);
  let version = 0;

  let state = emptyState();

  function emptyState() {
    return {
      seed: seedData.seed,
      communities: new Map<string, Dataset['communities'][number]>(),
      groups: new GroupTable(),
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
  // Reads hand out the stored record itself: every write replaces a record (put* stores a copy), none is
  // changed in place, so a reader cannot alter the state and presented answers can be cached by identity.
  const copy = <T>(value: T): T => value;

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
    state.groups.load(data.groups);
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
    if (seasonsOfGroups(state.groups.administeredBy(userId)).has(season)) return true;
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
      out.push(copy(records.get(id) as T));
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
    communities: () => [...state.communities.values()].map(copy),

    group(community, id) {
      const g = state.groups.get(id);
      return g && g.community === community ? copy(g) : undefined;
    },
    groupByAlias: (community, alias) => copy(state.groups.byAlias(community, alias)),
    queryGroups: (q) => state.groups.query(q),
    tagByName(community, name) {
      const id = state.groups.tagId(community, name);
      return id === undefined ? undefined : { id, name };
    },
    groupsAdministeredBy: (userId) => [...state.groups.administeredBy(userId)].map((id) => copy(state.groups.get(id) as GroupRecord)),
    putGroup(g) {
      state.groups.put(structuredClone(g));
      version++;
    },

    user: (id) => copy(state.users.get(id)),
    userByAlias: (community, alias) => copy(state.users.get(state.usersByAlias.get(key(community, alias)) ?? '')),
    userByEmail: (community, email) => copy(state.users.get(state.usersByEmail.get(key(community, email.toLowerCase())) ?? '')),
    users: (community) => [...state.usersByCommunity.get(community)].map((id) => copy(state.users.get(id) as UserRecord)),
    usersUpdatedAfter: (query) =>
      updatedAfter(state.usersUpdated.get(query.community), state.users, query, (id) => userInSeason(id, query.season as string)),
    putUser(u) {
      putUserRaw(structuredClone(u));
      version++;
    },

    member: (id) => copy(state.members.get(id)),
    memberByAlias: (community, alias) => copy(state.members.get(state.membersByAlias.get(key(community, alias)) ?? '')),
    membersOfUser: (userId) => [...state.membersByUser.get(userId)].map((id) => copy(state.members.get(id) as MemberRecord)),
    putMember(m) {
      putMemberRaw(structuredClone(m));
      version++;
    },

    enrollmentsOfGroup: (groupId) => [...state.enrollmentsByGroup.get(groupId)].map((id) => copy(state.enrollments.get(id) as EnrollmentRecord)),
    enrollmentsOfMember: (memberId) => [...state.enrollmentsByMember.get(memberId)].map((id) => copy(state.enrollments.get(id) as EnrollmentRecord)),
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
        seasonsOfGroups(state.groups.linkedToComponent(id)).has(query.season as string),
      ),
    putComponent(c) {
      putComponentRaw(structuredClone(c));
      version++;
    },

    app: (appId) => copy(state.apps.get(appId)),
    apps: () => [...state.apps.values()].map(copy),
    appBySecret: (secret) => copy(state.apps.get(state.appsBySecret.get(secret) ?? '')),
    installation: (appId, community) => copy(state.installations.get(key(appId, community))),
    installationsOfApp: (appId) => [...state.installationsByApp.get(appId)].map((k) => copy(state.installations.get(k) as InstallationRecord)),
    installationsInCommunity: (community) =>
      [...state.installationsByCommunity.get(community)].map((k) => copy(state.installations.get(k) as InstallationRecord)),
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
    tokens: () => [...state.tokens.values()].map(copy),
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
