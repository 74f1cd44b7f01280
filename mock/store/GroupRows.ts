import type { GroupRecord } from './records.ts';

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
