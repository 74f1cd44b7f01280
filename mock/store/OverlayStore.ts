import { BaseData, type BaseOptions, key } from './BaseData.ts';
import { freezeStored, type Stored } from './Stored.ts';
import { mergeGroupPage } from './mergeGroupMatches.ts';
import { mergeUpdatedAfter } from './mergeUpdatedAfter.ts';
import { Overlay } from './Overlay.ts';
import type { Dataset, EnrollmentRecord, GroupRecord, InstallationRecord, MemberRecord, UserRecord } from '../../fixtures/records.ts';
import type { DatasetParts } from './datasetJsonChunks.ts';
import { LruCache } from './LruCache.ts';
import type { Page, Store, UpdatedAfterQuery } from './Store.ts';
import type { StoreWrite } from './StoreWrite.ts';

export interface OverlayStoreOptions {
  /** Deep-freezes every record written (tests), as BaseOptions.freeze does for the base. */
  freeze?: boolean;
  /** Told of every accepted write, after it is applied (a write-ahead log, the session's bookkeeping). */
  onWrite?: (write: StoreWrite) => void;
}

/** What a session wrote over its base, for compaction: replayed in order over `base`, it gives the session back. */
export interface StoreChanges {
  /** 'seed': the shared base every session starts from; otherwise the dataset the session imported (PUT /__mock/state). */
  base: 'seed' | Dataset;
  writes: StoreWrite[];
}

/**
 * The Store of one session: its own writes (an Overlay) over a shared, immutable BaseData. Creating one
 * copies nothing; a read asks the overlay first and the base after, and a query the session has written
 * nothing into (no write in that community) is the base's own answer, on its fast path. Records are never
 * copied: they are immutable, and a write replaces the object.
 */
export class OverlayStore implements Store {
  private base: BaseData;
  private overlay = new Overlay();
  private versionCount = 0;
  /** The last group pages of this session's writes (keyed by version and query; see queryGroups). */
  private readonly pages = new LruCache<string, Page<Stored<GroupRecord>>>(PAGES_KEPT);
  /** The base every session shares (made again from the seed at start): what `changes()` calls 'seed'. */
  private readonly shared: BaseData;

  constructor(
    private seedBase: BaseData,
    private readonly options: OverlayStoreOptions = {},
  ) {
    this.base = seedBase;
    this.shared = seedBase;
  }

  get version(): number {
    return this.versionCount;
  }

  get seed(): number {
    return this.base.seed;
  }

  /** Writes accepted since the last reset or import. */
  get writes(): number {
    return this.overlay.writes;
  }

  /** A rough estimate of the memory this session holds beyond the shared base. */
  estimateBytes(): number {
    return this.overlay.estimateBytes() + (this.base === this.seedBase ? 0 : this.base.groups.size * 600);
  }

  /** The session's state as its base plus the writes that make it (for a log's compaction). */
  changes(): StoreChanges {
    const o = this.overlay;
    const writes: StoreWrite[] = [];
    for (const record of o.components.values()) writes.push({ op: 'putComponent', record });
    for (const record of o.users.values()) writes.push({ op: 'putUser', record });
    for (const record of o.members.values()) writes.push({ op: 'putMember', record });
    for (const record of o.groups.values()) writes.push({ op: 'putGroup', record });
    for (const [id, record] of o.enrollments) writes.push(record ? { op: 'putEnrollment', record } : { op: 'deleteEnrollment', id });
    for (const record of o.installations.values()) writes.push({ op: 'putInstallation', record });
    for (const record of o.syncRuns.values()) writes.push({ op: 'putSyncRun', record });
    for (const record of o.tokens.values()) writes.push({ op: 'putToken', record });
    return { base: this.base === this.shared ? 'seed' : this.base.dataset, writes };
  }

  reset(): void {
    this.base = this.seedBase;
    this.overlay = new Overlay();
    this.versionCount++;
    this.options.onWrite?.({ op: 'reset' });
  }

  load(dataset: Dataset, options?: { asSeed?: boolean }): void {
    const base = new BaseData(dataset, this.baseOptions());
    if (options?.asSeed) this.seedBase = base;
    this.base = base;
    this.overlay = new Overlay();
    this.versionCount++;
    this.options.onWrite?.({ op: 'load', dataset, ...(options?.asSeed ? { asSeed: true } : {}) });
  }

  snapshot(): Dataset {
    const p = this.snapshotParts();
    // The stored records themselves, not copies (the identity rule, Stored.ts): a reader of this Dataset
    // (the fixtures' config builders, tests) only reads them, and in tests they are frozen.
    return <Dataset>{
      seed: p.seed,
      communities: [...p.communities],
      users: [...p.users],
      members: [...p.members],
      groups: [...p.groups],
      enrollments: [...p.enrollments],
      components: [...p.components],
      apps: [...p.apps],
      installations: [...p.installations],
      syncRuns: [...p.syncRuns],
      tokens: [...p.tokens],
    };
  }

  /**
   * The same state as lazy parts, read as they are iterated: an export of a million groups is then written
   * record by record (datasetJsonChunks.ts) instead of as one string, which V8 cannot hold. It is a view of
   * this instant: the base never changes, and the session's own records are taken now (the maps, not copies
   * of records), so writes made while it is read do not show.
   */
  snapshotParts(): DatasetParts {
    const b = this.base;
    const o = this.overlay;
    // Base order, each record replaced by the session's version; then what the session added. `own` is a copy
    // taken now (arguments are evaluated at the call; a generator's body only runs when first read).
    function* merged<T>(base: Iterable<T>, own: ReadonlyMap<string, T | null>, id: (r: T) => string, inBase: (k: string) => boolean): Generator<T> {
      for (const r of base) {
        const mine = own.get(id(r));
        if (mine === undefined) yield r;
        else if (mine !== null) yield mine;
      }
      for (const [k, r] of own) if (r !== null && !inBase(k)) yield r;
    }
    return {
      seed: b.seed,
      communities: [...b.communities.values()],
      users: merged(
        b.users.values(),
        new Map(o.users),
        (r) => r._id,
        (k) => b.users.has(k),
      ),
      members: merged(
        b.members.values(),
        new Map(o.members),
        (r) => r._id,
        (k) => b.members.has(k),
      ),
      groups: merged(
        b.groups.values(),
        new Map(o.groups),
        (r) => r._id,
        (k) => b.groups.get(k) !== undefined,
      ),
      enrollments: merged(
        b.enrollments.values(),
        new Map(o.enrollments),
        (r) => r._id,
        (k) => b.enrollments.has(k),
      ),
      components: merged(
        b.components.values(),
        new Map(o.components),
        (r) => r._id,
        (k) => b.components.has(k),
      ),
      apps: [...b.apps.values()],
      installations: merged(
        b.installations.values(),
        new Map(o.installations),
        (r) => key(r.appId, r.community),
        (k) => b.installations.has(k),
      ),
      syncRuns: merged(
        b.syncRuns.values(),
        new Map(o.syncRuns),
        (r) => r._id,
        (k) => b.syncRuns.has(k),
      ),
      tokens: merged(
        b.tokens.values(),
        new Map(o.tokens),
        (r) => r.token,
        (k) => b.tokens.has(k),
      ),
    };
  }

  community = (id: string) => this.base.communities.get(id);
  communities = () => [...this.base.communities.values()];

  group(community: string, id: string): Stored<GroupRecord> | undefined {
    const g = this.overlay.groups.get(id) ?? this.base.groups.get(id);
    return g && g.community === community ? g : undefined;
  }

  groupByAlias(community: string, alias: string): Stored<GroupRecord> | undefined {
    const o = this.overlay;
    const own = o.groups.get(o.groupsByAlias.get(key(community, alias)) ?? '');
    if (own && own.community === community && own.alias === alias) return own;
    const g = this.base.groups.byAlias(community, alias);
    return g && !o.groups.has(g._id) ? g : undefined;
  }

  queryGroups: Store['queryGroups'] = (q) => {
    const groups = this.base.groups;
    if (!this.overlay.communitiesWritten.has(q.community) || this.overlay.groups.size === 0) return groups.query(q);
    // A session's answer changes only with its writes: kept per version, as the base keeps its own answers.
    const kept = this.pages.get(`${this.versionCount}\u0000${JSON.stringify(q)}`, () =>
      mergeGroupPage(
        groups.match(q),
        (id) => groups.get(id),
        (g) => groups.folded(g),
        this.overlay.groups.values(),
        q,
      ),
    );
    return { items: [...kept.items], total: kept.total };
  };

  groupsAdministeredBy(userId: string): Stored<GroupRecord>[] {
    return this.mergedIds(this.base.groups.administeredBy(userId), this.overlay.groups, this.overlay.groupsByAdmin.get(userId)).map(
      (id) => this.groupById(id) as Stored<GroupRecord>,
    );
  }

  tagByName(community: string, name: string): { id: string; name: string } | undefined {
    const id = this.base.groups.tagId(community, name) ?? this.overlay.tagIds.get(key(community, name));
    return id === undefined ? undefined : { id, name };
  }

  putGroup(g: Stored<GroupRecord>): void {
    this.overlay.putGroup(this.own(g));
    this.wrote({ op: 'putGroup', record: g });
  }

  user = (id: string): Stored<UserRecord> | undefined => this.overlay.users.get(id) ?? this.base.users.get(id);

  userByAlias(community: string, alias: string): Stored<UserRecord> | undefined {
    return this.byKey(
      this.overlay.usersByAlias,
      this.overlay.users,
      this.base.usersByAlias,
      this.base.users,
      key(community, alias),
      (u) => u.community === community && u.alias === alias,
    );
  }

  userByEmail(community: string, email: string): Stored<UserRecord> | undefined {
    const lower = email.toLowerCase();
    return this.byKey(
      this.overlay.usersByEmail,
      this.overlay.users,
      this.base.usersByEmail,
      this.base.users,
      key(community, lower),
      (u) => u.community === community && u.email.toLowerCase() === lower,
    );
  }

  users(community: string): Stored<UserRecord>[] {
    return this.mergedIds(this.base.usersByCommunity.get(community), this.overlay.users, this.overlay.usersByCommunity.get(community)).map(
      (id) => this.user(id) as Stored<UserRecord>,
    );
  }

  usersUpdatedAfter(query: UpdatedAfterQuery): Stored<UserRecord>[] {
    const inSeason = (u: Stored<UserRecord>) => query.season === undefined || this.userInSeason(u._id, query.season);
    if (!this.overlay.communitiesWritten.has(query.community)) {
      return mergeUpdatedAfter(this.base.usersUpdated.get(query.community), (id) => this.base.users.get(id), EMPTY_MAP, 0, query, inSeason);
    }
    return mergeUpdatedAfter(
      this.base.usersUpdated.get(query.community),
      (id) => this.base.users.get(id),
      this.overlay.users,
      this.overlay.writes,
      query,
      inSeason,
    );
  }

  putUser(u: Stored<UserRecord>): void {
    this.overlay.putUser(this.own(u));
    this.wrote({ op: 'putUser', record: u });
  }

  member = (id: string): Stored<MemberRecord> | undefined => this.overlay.members.get(id) ?? this.base.members.get(id);

  memberByAlias(community: string, alias: string): Stored<MemberRecord> | undefined {
    return this.byKey(
      this.overlay.membersByAlias,
      this.overlay.members,
      this.base.membersByAlias,
      this.base.members,
      key(community, alias),
      (m) => m.community === community && m.alias === alias,
    );
  }

  membersOfUser(userId: string): Stored<MemberRecord>[] {
    return this.mergedIds(this.base.membersByUser.get(userId), this.overlay.members, this.overlay.membersByUser.get(userId)).map(
      (id) => this.member(id) as Stored<MemberRecord>,
    );
  }

  putMember(m: Stored<MemberRecord>): void {
    this.overlay.putMember(this.own(m));
    this.wrote({ op: 'putMember', record: m });
  }

  enrollmentsOfGroup(groupId: string): Stored<EnrollmentRecord>[] {
    return this.mergedIds(this.base.enrollmentsByGroup.get(groupId), this.overlay.enrollments, this.overlay.enrollmentsByGroup.get(groupId)).map(
      (id) => this.enrollment(id) as Stored<EnrollmentRecord>,
    );
  }

  enrollmentsOfMember(memberId: string): Stored<EnrollmentRecord>[] {
    return this.mergedIds(this.base.enrollmentsByMember.get(memberId), this.overlay.enrollments, this.overlay.enrollmentsByMember.get(memberId)).map(
      (id) => this.enrollment(id) as Stored<EnrollmentRecord>,
    );
  }

  putEnrollment(e: Stored<EnrollmentRecord>): void {
    this.overlay.putEnrollment(this.own(e), e._id, e.community);
    this.wrote({ op: 'putEnrollment', record: e });
  }

  deleteEnrollment(id: string): void {
    const e = this.enrollment(id);
    if (!e) return;
    this.overlay.putEnrollment(null, id, e.community);
    this.wrote({ op: 'deleteEnrollment', id });
  }

  component = (id: string) => this.overlay.components.get(id) ?? this.base.components.get(id);

  componentByAlias(community: string, alias: string) {
    return this.byKey(
      this.overlay.componentsByAlias,
      this.overlay.components,
      this.base.componentsByAlias,
      this.base.components,
      key(community, alias),
      (c) => c.community === community && c.alias === alias,
    );
  }

  componentsUpdatedAfter: Store['componentsUpdatedAfter'] = (query) => {
    const season = query.season;
    const written = this.overlay.communitiesWritten.has(query.community) ? this.overlay.components : EMPTY_MAP;
    return mergeUpdatedAfter(
      this.base.componentsUpdated.get(query.community),
      (id) => this.base.components.get(id),
      written,
      this.overlay.writes,
      query,
      (c) => {
        if (season === undefined) return true;
        for (const id of this.eachMergedId(this.base.groups.linkedToComponent(c._id), this.overlay.groups, this.overlay.groupsByComponent.get(c._id))) {
          if (this.groupById(id)?.season === season) return true;
        }
        return false;
      },
    );
  };

  putComponent: Store['putComponent'] = (c) => {
    this.overlay.putComponent(this.own(c));
    this.wrote({ op: 'putComponent', record: c });
  };

  app = (appId: string) => this.base.apps.get(appId);
  apps = () => [...this.base.apps.values()];
  appBySecret = (secret: string) => this.base.apps.get(this.base.appsBySecret.get(secret) ?? '');

  installation(appId: string, community: string): Stored<InstallationRecord> | undefined {
    const k = key(appId, community);
    return this.overlay.installations.get(k) ?? this.base.installations.get(k);
  }

  installationsOfApp(appId: string): Stored<InstallationRecord>[] {
    return this.mergedIds(this.base.installationsByApp.get(appId), this.overlay.installations, this.overlay.installationsByApp.get(appId)).map((k) =>
      this.installationByKey(k),
    );
  }

  installationsInCommunity(community: string): Stored<InstallationRecord>[] {
    return this.mergedIds(
      this.base.installationsByCommunity.get(community),
      this.overlay.installations,
      this.overlay.installationsByCommunity.get(community),
    ).map((k) => this.installationByKey(k));
  }

  putInstallation(i: Stored<InstallationRecord>): void {
    this.overlay.putInstallation(this.own(i));
    this.wrote({ op: 'putInstallation', record: i });
  }

  syncRun = (id: string) => this.overlay.syncRuns.get(id) ?? this.base.syncRuns.get(id);

  putSyncRun: Store['putSyncRun'] = (r) => {
    this.overlay.putSyncRun(this.own(r));
    this.wrote({ op: 'putSyncRun', record: r });
  };

  token = (value: string) => this.overlay.tokens.get(value) ?? this.base.tokens.get(value);

  tokens: Store['tokens'] = () => {
    const out = [...this.base.tokens.values()].map((t) => this.overlay.tokens.get(t.token) ?? t);
    for (const t of this.overlay.tokens.values()) if (!this.base.tokens.has(t.token)) out.push(t);
    return out;
  };

  putToken: Store['putToken'] = (t) => {
    this.overlay.putToken(this.own(t));
    this.wrote({ op: 'putToken', record: t });
  };

  /** A user is in a season when it administers a group of it, or is linked to a member enrolled in one. */
  private userInSeason(userId: string, season: string): boolean {
    const o = this.overlay;
    // The base's groups of that season only: a monitor of a million generated groups then builds no record.
    for (const id of this.eachMergedId(this.base.groups.administeredBy(userId, season), o.groups, o.groupsByAdmin.get(userId))) {
      if (this.groupById(id)?.season === season) return true;
    }
    for (const memberId of this.mergedIds(this.base.membersByUser.get(userId), o.members, o.membersByUser.get(userId))) {
      for (const enrollmentId of this.mergedIds(this.base.enrollmentsByMember.get(memberId), o.enrollments, o.enrollmentsByMember.get(memberId))) {
        const e = this.enrollment(enrollmentId);
        if (e && this.groupById(e.group)?.season === season) return true;
      }
    }
    return false;
  }

  private groupById(id: string): Stored<GroupRecord> | undefined {
    return this.overlay.groups.get(id) ?? this.base.groups.get(id);
  }

  private enrollment(id: string): Stored<EnrollmentRecord> | undefined {
    const own = this.overlay.enrollments.get(id);
    return own === null ? undefined : (own ?? this.base.enrollments.get(id));
  }

  private installationByKey(k: string): Stored<InstallationRecord> {
    return (this.overlay.installations.get(k) ?? this.base.installations.get(k)) as Stored<InstallationRecord>;
  }

  /** Ids from a base index, minus those the session rewrote or deleted, plus the session's own index hits. */
  private mergedIds(base: Iterable<string>, written: ReadonlyMap<string, unknown>, own: ReadonlySet<string>): string[] {
    if (written.size === 0) return [...base];
    const out: string[] = [];
    for (const id of base) if (!written.has(id)) out.push(id);
    for (const id of own) out.push(id);
    return out;
  }

  /** The same without building a list: for checks that stop at the first hit. */
  private *eachMergedId(base: Iterable<string>, written: ReadonlyMap<string, unknown>, own: ReadonlySet<string>): Generator<string> {
    for (const id of base) if (!written.has(id)) yield id;
    yield* own;
  }

  /** A lookup by a unique key (alias, e-mail): the session's own record if it has that key, else the base's unless rewritten. */
  private byKey<T>(
    ownKeys: Map<string, string>,
    own: Map<string, T>,
    baseKeys: Map<string, string>,
    base: Map<string, T>,
    k: string,
    stillHas: (r: T) => boolean,
  ): T | undefined {
    const mine = own.get(ownKeys.get(k) ?? '');
    if (mine && stillHas(mine)) return mine;
    const id = baseKeys.get(k);
    if (id === undefined) return undefined;
    if (own.has(id)) return undefined;
    return base.get(id);
  }

  private own<T>(record: T): T {
    if (this.options.freeze) freezeStored(record);
    return record;
  }

  private wrote(write: StoreWrite): void {
    this.versionCount++;
    this.options.onWrite?.(write);
  }

  private baseOptions(): BaseOptions {
    return this.options.freeze ? { freeze: true } : {};
  }
}

const EMPTY_MAP: ReadonlyMap<string, never> = new Map<string, never>();
const PAGES_KEPT = 16;
