import type { DatasetParts } from './datasetJsonChunks.ts';
import type { Stored } from './Stored.ts';
import type {
  AppRecord,
  CommunityRecord,
  ComponentRecord,
  Dataset,
  EnrollmentRecord,
  GroupRecord,
  InstallationRecord,
  MemberRecord,
  SyncRunRecord,
  TokenRecord,
  UserRecord,
} from '../../fixtures/records.ts';

export type GroupSortKey = 'createdAt' | 'updatedAt' | 'name' | 'alias';
export interface SortTerm {
  key: GroupSortKey;
  descending: boolean;
}

/** Filters of the group list and search; all optional, combined with AND. */
export interface GroupQuery {
  community: string;
  /** A calendar date (YYYY-MM-DD, matches that UTC day) or an exact instant. */
  createdAt?: string;
  active?: boolean;
  name?: string;
  adminUser?: string;
  season?: string;
  alias?: string;
  /** Case- and accent-insensitive substring of the name or the alias. */
  q?: string;
  sort?: SortTerm[];
  /** 1-based. */
  page: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface UpdatedAfterQuery {
  community: string;
  season?: string;
  /** Inclusive lower bound on updatedAt (ISO instant); undefined = from the beginning. */
  after?: string;
  limit: number;
}

/**
 * Everything the mock keeps, behind one interface, so handlers never touch maps directly and another
 * implementation (a file, a database) can stand in. Records go in and come out as they are stored, never
 * copied and never to be changed in place (the identity rule, mock/store/Stored.ts): a change is a new
 * record put back.
 *
 * Lookups used on the request path are indexed (by id, by alias, by community, by creation order); the
 * only scans are the free-text search and season filtering of the data actions, bounded by `limit`.
 */
export interface Store {
  /** Back to the dataset the store was created with. */
  reset(): void;
  /** The whole state (export, --state-file): new lists of the stored records themselves (read them, never change them). */
  snapshot(): Dataset;
  /** The same state read lazily, for an export too large to hold as one string (datasetJsonChunks.ts). */
  snapshotParts(): DatasetParts;
  /** Replaces the whole state (import); the given dataset becomes the new reset point only if `asSeed`. */
  load(dataset: Dataset, options?: { asSeed?: boolean }): void;
  /** Increments on every write; lets --state-file skip writes when nothing changed. */
  readonly version: number;
  /** The seed the current state was generated from (no copy of the state needed to read it). */
  readonly seed: number;

  community(id: string): Stored<CommunityRecord> | undefined;
  communities(): Stored<CommunityRecord>[];

  group(community: string, id: string): Stored<GroupRecord> | undefined;
  groupByAlias(community: string, alias: string): Stored<GroupRecord> | undefined;
  queryGroups(query: GroupQuery): Page<Stored<GroupRecord>>;
  groupsAdministeredBy(userId: string): Stored<GroupRecord>[];
  /** The community's tag of that name, if any group carries or carried it: one id per name per community. */
  tagByName(community: string, name: string): { id: string; name: string } | undefined;
  putGroup(group: Stored<GroupRecord>): void;

  user(id: string): Stored<UserRecord> | undefined;
  userByAlias(community: string, alias: string): Stored<UserRecord> | undefined;
  userByEmail(community: string, email: string): Stored<UserRecord> | undefined;
  users(community: string): Stored<UserRecord>[];
  usersUpdatedAfter(query: UpdatedAfterQuery): Stored<UserRecord>[];
  putUser(user: Stored<UserRecord>): void;

  member(id: string): Stored<MemberRecord> | undefined;
  memberByAlias(community: string, alias: string): Stored<MemberRecord> | undefined;
  membersOfUser(userId: string): Stored<MemberRecord>[];
  putMember(member: Stored<MemberRecord>): void;

  enrollmentsOfGroup(groupId: string): Stored<EnrollmentRecord>[];
  enrollmentsOfMember(memberId: string): Stored<EnrollmentRecord>[];
  putEnrollment(enrollment: Stored<EnrollmentRecord>): void;
  deleteEnrollment(id: string): void;

  component(id: string): Stored<ComponentRecord> | undefined;
  componentByAlias(community: string, alias: string): Stored<ComponentRecord> | undefined;
  componentsUpdatedAfter(query: UpdatedAfterQuery): Stored<ComponentRecord>[];
  putComponent(component: Stored<ComponentRecord>): void;

  app(appId: string): Stored<AppRecord> | undefined;
  apps(): Stored<AppRecord>[];
  /** The app whose data-action secret this is, if any. */
  appBySecret(secret: string): Stored<AppRecord> | undefined;
  installation(appId: string, community: string): Stored<InstallationRecord> | undefined;
  installationsOfApp(appId: string): Stored<InstallationRecord>[];
  installationsInCommunity(community: string): Stored<InstallationRecord>[];
  putInstallation(installation: Stored<InstallationRecord>): void;

  syncRun(id: string): Stored<SyncRunRecord> | undefined;
  putSyncRun(run: Stored<SyncRunRecord>): void;

  token(value: string): Stored<TokenRecord> | undefined;
  tokens(): Stored<TokenRecord>[];
  putToken(token: Stored<TokenRecord>): void;
}
