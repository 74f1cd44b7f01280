import type { Exchange } from '../../client/Exchange.ts';
import type { Json } from '../../checks/values.ts';
import { stepsOf, type Absent } from '../../step/Step.ts';
import type { StepContext } from '../../step/StepContext.ts';
import type { Paging } from '../learnPaging.ts';

/** The community a group answer must stay in: the value its groups carry and the header it was asked with. */
export interface Scope {
  community: string;
  header: string;
}

/** The groups the unfiltered list showed: what every later expectation is taken from. */
export interface GroupsSeen {
  /** In the list's own order (at least one). */
  ordered: Json[];
  /** By _id; grows as the filter steps read, by id, groups the list did not show. */
  byId: Map<string, Json>;
  /** Whether the list was read to its end. */
  complete: boolean;
  scope: Scope;
}

/** What the groups scenario's steps hand on to later ones. */
export interface GroupsFacts {
  /** How the list pages (its first page, the page size it accepts), learned from its answers. */
  paging: Paging;
  /** The exchanges of the unfiltered list, kept to look for another community's group in them. */
  listed: Exchange[];
  groups: GroupsSeen;
  /** How many groups a search without filters matched. */
  everything: number;
  /** Groups the active=false filter answered: deleted, yet each "remains a document" to read by id. */
  deleted: Json[];
}

/** Why each fact may be missing: the skip reason of a step that needs it. */
export const GROUPS_ABSENT: Absent<GroupsFacts> = {
  paging: 'the group list could not be read',
  listed: 'the group list could not be read',
  groups: 'the community has no group to take values from',
  everything: 'no search without filters was answered',
  deleted: 'no active=false filter was answered',
};

/** A step of the groups scenario, its `given` typed from what it declares. */
export const groupStep = stepsOf<GroupsFacts>();

/** The scope the list taught, or the configured community's when no group was listed. */
export function scopeOf(s: StepContext, groups: GroupsSeen | undefined): Scope {
  const community = s.config.community as string;
  return groups?.scope ?? { community, header: community };
}
