import { key } from './BaseData.ts';
import type {
  ComponentRecord,
  EnrollmentRecord,
  GroupRecord,
  InstallationRecord,
  MemberRecord,
  SyncRunRecord,
  TokenRecord,
  UserRecord,
} from '../../fixtures/records.ts';
import { SetIndex } from './SetIndex.ts';
import type { Stored } from './Stored.ts';

/**
 * One session's own writes, by id, with the few indexes its reads need, over the records it holds only:
 * memory in proportion to the writes. A record here replaces the base's record of the same id everywhere;
 * `null` marks a deleted enrollment.
 */
export class Overlay {
  readonly groups = new Map<string, Stored<GroupRecord>>();
  readonly users = new Map<string, Stored<UserRecord>>();
  readonly members = new Map<string, Stored<MemberRecord>>();
  readonly enrollments = new Map<string, Stored<EnrollmentRecord> | null>();
  readonly components = new Map<string, Stored<ComponentRecord>>();
  readonly installations = new Map<string, Stored<InstallationRecord>>();
  readonly syncRuns = new Map<string, Stored<SyncRunRecord>>();
  readonly tokens = new Map<string, Stored<TokenRecord>>();

  readonly groupsByAlias = new Map<string, string>();
  readonly groupsByAdmin = new SetIndex();
  readonly groupsByComponent = new SetIndex();
  readonly groupsByCommunity = new SetIndex();
  readonly usersByAlias = new Map<string, string>();
  readonly usersByEmail = new Map<string, string>();
  readonly usersByCommunity = new SetIndex();
  readonly membersByAlias = new Map<string, string>();
  readonly componentsByAlias = new Map<string, string>();
  readonly membersByUser = new SetIndex();
  readonly enrollmentsByGroup = new SetIndex();
  readonly enrollmentsByMember = new SetIndex();
  readonly installationsByApp = new SetIndex();
  readonly installationsByCommunity = new SetIndex();
  readonly tagIds = new Map<string, string>();
  /** Communities this session wrote anything in: the others are read straight from the base. */
  readonly communitiesWritten = new Set<string>();
  /** Writes accepted (a record written twice counts twice). */
  writes = 0;

  get isEmpty(): boolean {
    return this.writes === 0;
  }

  putGroup(g: Stored<GroupRecord>): void {
    const previous = this.groups.get(g._id);
    if (previous) {
      for (const a of previous.admins) this.groupsByAdmin.delete(a.user, g._id);
      for (const c of previous.components) this.groupsByComponent.delete(c, g._id);
      this.groupsByCommunity.delete(previous.community, g._id);
    }
    this.groups.set(g._id, g);
    this.groupsByAlias.set(key(g.community, g.alias), g._id);
    for (const a of g.admins) this.groupsByAdmin.add(a.user, g._id);
    for (const c of g.components) this.groupsByComponent.add(c, g._id);
    this.groupsByCommunity.add(g.community, g._id);
    for (const t of g.tags) if (!this.tagIds.has(key(g.community, t.name))) this.tagIds.set(key(g.community, t.name), t.id);
    this.wrote(g.community, previous?.community);
  }

  putUser(u: Stored<UserRecord>): void {
    const previous = this.users.get(u._id);
    if (previous) this.usersByCommunity.delete(previous.community, u._id);
    this.users.set(u._id, u);
    this.usersByAlias.set(key(u.community, u.alias), u._id);
    if (u.email) this.usersByEmail.set(key(u.community, u.email.toLowerCase()), u._id);
    this.usersByCommunity.add(u.community, u._id);
    this.wrote(u.community, previous?.community);
  }

  putMember(m: Stored<MemberRecord>): void {
    const previous = this.members.get(m._id);
    if (previous) for (const u of previous.users) this.membersByUser.delete(u, m._id);
    this.members.set(m._id, m);
    this.membersByAlias.set(key(m.community, m.alias), m._id);
    for (const u of m.users) this.membersByUser.add(u, m._id);
    this.wrote(m.community, previous?.community);
  }

  putEnrollment(e: Stored<EnrollmentRecord> | null, id: string, community: string): void {
    const previous = this.enrollments.get(id);
    if (previous) {
      this.enrollmentsByGroup.delete(previous.group, id);
      this.enrollmentsByMember.delete(previous.entity, id);
    }
    this.enrollments.set(id, e);
    if (e) {
      this.enrollmentsByGroup.add(e.group, id);
      this.enrollmentsByMember.add(e.entity, id);
    }
    this.wrote(community);
  }

  putComponent(c: Stored<ComponentRecord>): void {
    const previous = this.components.get(c._id);
    this.components.set(c._id, c);
    this.componentsByAlias.set(key(c.community, c.alias), c._id);
    this.wrote(c.community, previous?.community);
  }

  putInstallation(i: Stored<InstallationRecord>): void {
    const k = key(i.appId, i.community);
    this.installations.set(k, i);
    this.installationsByApp.add(i.appId, k);
    this.installationsByCommunity.add(i.community, k);
    this.wrote(i.community);
  }

  putSyncRun(r: Stored<SyncRunRecord>): void {
    this.syncRuns.set(r._id, r);
    this.wrote(r.community);
  }

  putToken(t: Stored<TokenRecord>): void {
    this.tokens.set(t.token, t);
    // A token is read by value, never by community: it makes no community's lists differ from the base.
    this.writes++;
  }

  private wrote(community: string, previousCommunity?: string): void {
    this.communitiesWritten.add(community);
    if (previousCommunity !== undefined) this.communitiesWritten.add(previousCommunity);
    this.writes++;
  }

  /** A rough figure of the memory the overlay holds, for GET /__mock/sessions (UTF-16 text plus per-object overhead). */
  estimateBytes(): number {
    let bytes = 0;
    const maps: Array<Map<string, unknown>> = [
      this.groups,
      this.users,
      this.members,
      this.enrollments,
      this.components,
      this.installations,
      this.syncRuns,
      this.tokens,
    ];
    for (const map of maps) {
      for (const record of map.values()) bytes += 160 + (record === null ? 0 : JSON.stringify(record).length * 2);
    }
    return bytes;
  }
}
