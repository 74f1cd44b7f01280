import { freezeStored, type Stored } from './Stored.ts';
import { GroupTable } from './GroupTable.ts';
import type {
  AppRecord,
  CommunityRecord,
  ComponentRecord,
  Dataset,
  EnrollmentRecord,
  InstallationRecord,
  MemberRecord,
  SyncRunRecord,
  TokenRecord,
  UserRecord,
} from '../../fixtures/records.ts';
import { SetIndex } from './SetIndex.ts';
import { SortedIdIndex } from './SortedIdIndex.ts';

export interface BaseOptions {
  /** Deep-freezes every record (tests): a caller that mutates a stored record then throws. */
  freeze?: boolean;
  /** Called now and then while a large base is indexed (groups loaded so far). */
  onProgress?: (groupsDone: number) => void;
}

/** `community` + NUL + `alias`: the key of every per-community alias and e-mail lookup. */
export const key = (community: string, alias: string): string => `${community}\u0000${alias}`;

/**
 * The dataset a store starts from, indexed once and never changed afterwards: every session reads it and
 * none writes to it (their writes live in their overlays, see OverlayStore.ts). It keeps the records it is
 * given, without copying them.
 */
export class BaseData {
  readonly seed: number;
  readonly communities = new Map<string, Stored<CommunityRecord>>();
  readonly groups = new GroupTable();
  readonly users = new Map<string, Stored<UserRecord>>();
  readonly usersByAlias = new Map<string, string>();
  readonly usersByEmail = new Map<string, string>();
  readonly usersByCommunity = new SetIndex();
  readonly usersUpdated = new Map<string, SortedIdIndex>();
  readonly members = new Map<string, Stored<MemberRecord>>();
  readonly membersByAlias = new Map<string, string>();
  readonly membersByUser = new SetIndex();
  readonly enrollments = new Map<string, Stored<EnrollmentRecord>>();
  readonly enrollmentsByGroup = new SetIndex();
  readonly enrollmentsByMember = new SetIndex();
  readonly components = new Map<string, Stored<ComponentRecord>>();
  readonly componentsByAlias = new Map<string, string>();
  readonly componentsUpdated = new Map<string, SortedIdIndex>();
  readonly apps = new Map<string, Stored<AppRecord>>();
  readonly appsBySecret = new Map<string, string>();
  readonly installations = new Map<string, Stored<InstallationRecord>>();
  readonly installationsByApp = new SetIndex();
  readonly installationsByCommunity = new SetIndex();
  readonly syncRuns = new Map<string, Stored<SyncRunRecord>>();
  readonly tokens = new Map<string, Stored<TokenRecord>>();

  constructor(
    readonly dataset: Dataset,
    options: BaseOptions = {},
  ) {
    // A block of rows holds flat arrays, not records: the records it builds are frozen as they are built.
    if (options.freeze) for (const [name, part] of Object.entries(dataset)) if (name !== 'groupRows') freezeStored(part);
    this.seed = dataset.seed;
    for (const c of dataset.communities) this.communities.set(c.id, c);
    this.groups.load(dataset.groups, dataset.groupRows, {
      ...(options.freeze ? { freeze: true } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    // Inserting in index order makes every SortedIdIndex insert an append: O(n) to load, not O(n²).
    for (const u of [...dataset.users].sort(byUpdate)) this.addUser(u);
    for (const m of dataset.members) {
      this.members.set(m._id, m);
      this.membersByAlias.set(key(m.community, m.alias), m._id);
      for (const u of m.users) this.membersByUser.add(u, m._id);
    }
    for (const e of dataset.enrollments) {
      this.enrollments.set(e._id, e);
      this.enrollmentsByGroup.add(e.group, e._id);
      this.enrollmentsByMember.add(e.entity, e._id);
    }
    for (const c of [...dataset.components].sort(byUpdate)) {
      this.components.set(c._id, c);
      this.componentsByAlias.set(key(c.community, c.alias), c._id);
      updatedIndex(this.componentsUpdated, c.community).insert(c.updatedAt, c._id);
    }
    for (const a of dataset.apps) {
      this.apps.set(a.manifest.id as string, a);
      this.appsBySecret.set(a.dataActionSecret, a.manifest.id as string);
    }
    for (const i of dataset.installations) {
      const k = key(i.appId, i.community);
      this.installations.set(k, i);
      this.installationsByApp.add(i.appId, k);
      this.installationsByCommunity.add(i.community, k);
    }
    for (const r of dataset.syncRuns) this.syncRuns.set(r._id, r);
    for (const t of dataset.tokens) this.tokens.set(t.token, t);
  }

  private addUser(u: Stored<UserRecord>): void {
    this.users.set(u._id, u);
    this.usersByAlias.set(key(u.community, u.alias), u._id);
    if (u.email) this.usersByEmail.set(key(u.community, u.email.toLowerCase()), u._id);
    this.usersByCommunity.add(u.community, u._id);
    updatedIndex(this.usersUpdated, u.community).insert(u.updatedAt, u._id);
  }
}

function updatedIndex(map: Map<string, SortedIdIndex>, community: string): SortedIdIndex {
  let index = map.get(community);
  if (!index) map.set(community, (index = new SortedIdIndex()));
  return index;
}

function byUpdate(a: { _id: string; updatedAt: string }, b: { _id: string; updatedAt: string }): number {
  return a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}
