/**
 * The mock's domain model: what the in-memory store keeps. API shapes come from the generated spec types;
 * a record adds what the platform keeps but the API does not show (links, secrets, community).
 * Every timestamp is an ISO 8601 UTC string with milliseconds, taken from the injected clock.
 */
import type { AppInstallation, AppManifest, ContactInfo, GroupFields, RolesSet } from '../../spec/openapi.d.ts';

export interface CommunityRecord {
  /** The community identifier used in `community-id` (a slug such as "colegio-horizonte"). */
  id: string;
  name: string;
  color: string;
  icon: string;
  /** IANA zone; group timestamps are described as UTC corrected to it. */
  timeZone: string;
  /** Seasons (school years) the community has, oldest first, e.g. ["2025", "2026"]. */
  seasons: string[];
  /** INEP code of the school. */
  inep: string;
}

export interface AddressRecord {
  code: string;
  state: string;
  city: string;
  district: string;
  address: string;
  complement: string;
  number: string;
}

export interface UserRecord {
  _id: string;
  community: string;
  alias: string;
  name: string;
  email: string;
  birth: string;
  active: boolean;
  rolesSet: Required<Pick<RolesSet, 'student' | 'guardian' | 'professor' | 'coordenator'>> & Pick<RolesSet, 'admin'>;
  address: AddressRecord;
  /** Community-specific fields, string values (data-action record `fields`). */
  fields: Record<string, string>;
  /** Platform roles and permissions shown in user-info (profile scope). */
  roles: string[];
  permissions: string[];
  createdAt: string;
  updatedAt: string;
  lastSeenAt: string;
  syncedAt?: string;
}

export interface MemberRecord {
  _id: string;
  community: string;
  alias: string;
  name: string;
  birth: string;
  active: boolean;
  /** Ids of the users linked to this member (guardians, and the student's own user). */
  users: string[];
  createdAt: string;
  updatedAt: string;
  syncedAt?: string;
}

export interface GroupRecord {
  _id: string;
  community: string;
  alias: string;
  name: string;
  season: string;
  active: boolean;
  tags: Array<{ id: string; name: string }>;
  admins: Array<{ user: string }>;
  /** Ids of the components (subjects) linked to the group. */
  components: string[];
  fields: GroupFields;
  createdAt: string;
  updatedAt: string;
  syncedAt?: string;
}

export interface EnrollmentRecord {
  _id: string;
  community: string;
  kind: 'member';
  /** Member id. */
  entity: string;
  /** Group id. */
  group: string;
  createdAt: string;
  updatedAt: string;
}

export interface ComponentRecord {
  _id: string;
  community: string;
  alias: string;
  name: string;
  active: boolean;
  /** Namespaced fields as uploaded, e.g. { "@education:basic": { inep: "35012345" } }. */
  fields: Record<string, Record<string, string>>;
  createdAt: string;
  updatedAt: string;
  syncedAt?: string;
}

export interface AppRecord {
  manifest: AppManifest;
  /** OAuth client secret; undefined for a public client (PKCE required). */
  clientSecret?: string;
  /** The app-specific secret the data actions carry in `secret`. */
  dataActionSecret: string;
  /** Redirect URIs registered for the OAuth client (besides loopback ones, RFC 8252 §7.3). */
  redirectUris: string[];
}

/** An installation: the API shape minus the manifest (joined from the app at read time), plus its keys. */
export interface InstallationRecord extends Omit<AppInstallation, 'manifest' | 'contactInfo'> {
  appId: string;
  community: string;
  status: string;
  active: boolean;
  contactInfo?: ContactInfo;
}

export interface SyncRunRecord {
  _id: string;
  community: string;
  /** Every upload received in this run, in order. */
  uploads: Array<{ receivedAt: string; received: { groups: number; members: number; users: number; components: number }; warnings: number }>;
}

export type TokenKind = 'development' | 'user' | 'app';

export interface TokenRecord {
  token: string;
  kind: TokenKind;
  /** User id (development and user tokens) or app id (app tokens). */
  subject: string;
  /** Communities the token may act in (operations 2 to 8). */
  communities: string[];
  /** OAuth client the token was issued to (user and app tokens). */
  clientId?: string;
  scopes: string[];
  issuedAt: string;
  /** undefined = never expires (development tokens). */
  expiresAt?: string;
  revoked?: boolean;
  /** The authorization code it came from: re-use of that code revokes it (RFC 6749 §4.1.2). */
  fromCode?: string;
  /** Human label, e.g. "coordenator of colegio-horizonte". */
  label?: string;
}

/** Everything the mock holds; also the JSON shape of export/import and of --state-file. */
export interface Dataset {
  seed: number;
  communities: CommunityRecord[];
  users: UserRecord[];
  members: MemberRecord[];
  groups: GroupRecord[];
  /** More groups of one community, held as rows rather than records (`--groups N`; see GroupRows below). */
  groupRows?: GroupRows;
  enrollments: EnrollmentRecord[];
  components: ComponentRecord[];
  apps: AppRecord[];
  installations: InstallationRecord[];
  syncRuns: SyncRunRecord[];
  tokens: TokenRecord[];
}

/**
 * A large block of groups of one community held without an object per group (`--groups N`): whoever made
 * them can rebuild any of them from its position, so the store keeps a few columns and builds a record only
 * when one is read. A million group objects with their strings cost about a gigabyte and make every garbage
 * collection walk them; a block costs a few bytes per group.
 *
 * Positions run from 0 to `length - 1` in creation order: by `createdAt`, then by `_id`, like the store's
 * creation index. Every accessor must agree with `record(i)`; `folded(i)` with `foldGroup(record(i))`.
 */
export interface GroupRows {
  readonly community: string;
  readonly length: number;
  /** The i-th group, built afresh on every call (callers cache what they keep). */
  record(i: number): GroupRecord;
  id(i: number): string;
  alias(i: number): string;
  name(i: number): string;
  season(i: number): string;
  active(i: number): boolean;
  createdAt(i: number): string;
  updatedAt(i: number): string;
  admins(i: number): readonly { user: string }[];
  /** normalizeText(`${name}\u0000${alias}`): what a text search is matched against. */
  folded(i: number): string;
  /** The position of the group with that id or alias, or -1. */
  indexOfId(id: string): number;
  indexOfAlias(alias: string): number;
  /** Every tag any of these groups carries. */
  readonly tags: readonly { id: string; name: string }[];
}
