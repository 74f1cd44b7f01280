import type { DatasetParts } from './datasetJsonChunks.ts';
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
 * implementation (a file, a database) can stand in. Records go in and come out as copies: a caller that
 * mutates what it got changes nothing until it puts it back.
 *
 * Lookups used on the request path are indexed (by id, by alias, by community, by creation order); the
 * only scans are the free-text search and season filtering of the data actions, bounded by `limit`.
 */
export interface Store {
  /** Back to the dataset the store was created with. */
  reset(): void;
  /** A deep copy of the whole state (export, --state-file). */
  snapshot(): Dataset;
  /** The same state read lazily, for an export too large to hold as one string (datasetJsonChunks.ts). */
  snapshotParts(): DatasetParts;
  /** Replaces the whole state (import); the given dataset becomes the new reset point only if `asSeed`. */
  load(dataset: Dataset, options?: { asSeed?: boolean }): void;
  /** Increments on every write; lets --state-file skip writes when nothing changed. */
  readonly version: number;
  /** The seed the current state was generated from (no copy of the state needed to read it). */
  readonly seed: number;

  community(id: string): CommunityRecord | undefined;
  communities(): CommunityRecord[];

  group(community: string, id: string): GroupRecord | undefined;
  groupByAlias(community: string, alias: string): GroupRecord | undefined;
  queryGroups(query: GroupQuery): Page<GroupRecord>;
  groupsAdministeredBy(userId: string): GroupRecord[];
  /** The community's tag of that name, if any group carries or carried it: one id per name per community. */
  tagByName(community: string, name: string): { id: string; name: string } | undefined;
  putGroup(group: GroupRecord): void;

  user(id: string): UserRecord | undefined;
  userByAlias(community: string, alias: string): UserRecord | undefined;
  userByEmail(community: string, email: string): UserRecord | undefined;
  users(community: string): UserRecord[];
  usersUpdatedAfter(query: UpdatedAfterQuery): UserRecord[];
  putUser(user: UserRecord): void;

  member(id: string): MemberRecord | undefined;
  memberByAlias(community: string, alias: string): MemberRecord | undefined;
  membersOfUser(userId: string): MemberRecord[];
  putMember(member: MemberRecord): void;

  enrollmentsOfGroup(groupId: string): EnrollmentRecord[];
  enrollmentsOfMember(memberId: string): EnrollmentRecord[];
  putEnrollment(enrollment: EnrollmentRecord): void;
  deleteEnrollment(id: string): void;

  component(id: string): ComponentRecord | undefined;
  componentByAlias(community: string, alias: string): ComponentRecord | undefined;
  componentsUpdatedAfter(query: UpdatedAfterQuery): ComponentRecord[];
  putComponent(component: ComponentRecord): void;

  app(appId: string): AppRecord | undefined;
  apps(): AppRecord[];
  /** The app whose data-action secret this is, if any. */
  appBySecret(secret: string): AppRecord | undefined;
  installation(appId: string, community: string): InstallationRecord | undefined;
  installationsOfApp(appId: string): InstallationRecord[];
  installationsInCommunity(community: string): InstallationRecord[];
  putInstallation(installation: InstallationRecord): void;

  syncRun(id: string): SyncRunRecord | undefined;
  putSyncRun(run: SyncRunRecord): void;

  token(value: string): TokenRecord | undefined;
  tokens(): TokenRecord[];
  putToken(token: TokenRecord): void;
}
