import { AREAS, type Area } from '../config/ConformConfig.ts';
import { UsageError } from '../config/UsageError.ts';
import { AREA_PLAN, WRITE_CHECKS, WRITE_OPERATIONS } from './areaPlan.ts';

/** A named test plan: what a party claims to implement, hence what the run tests and what coverage counts. */
export interface Profile {
  name: string;
  summary: string;
  areas: Area[];
  /** The profile sends nothing that writes (as --read-only). */
  readOnly: boolean;
  operations: string[];
  checks: string[];
}

export const DEFAULT_PROFILE = 'platform';

function profile(name: string, summary: string, areas: Area[], readOnly: boolean): Profile {
  const unique = (list: string[]) => [...new Set(list)];
  const operations = unique(areas.flatMap((a) => AREA_PLAN[a].operations)).filter((op) => !readOnly || !WRITE_OPERATIONS.includes(op));
  const checks = unique(areas.flatMap((a) => AREA_PLAN[a].checks)).filter((c) => !readOnly || !WRITE_CHECKS.includes(c));
  return { name, summary, areas, readOnly, operations, checks };
}

export const PROFILES: readonly Profile[] = [
  profile('platform', 'the whole API: an implementation of the platform (the default)', [...AREAS], false),
  profile('data-action-provider', "a partner's app answering the two data actions; no bearer token needed", ['data-actions'], false),
  profile(
    'read-only',
    'everything that reads; nothing is uploaded, updated or approved (as --read-only)',
    AREAS.filter((a) => a !== 'sync'),
    true,
  ),
];

/** The profile of that name, or a usage error listing the known ones. */
export function findProfile(name: string): Profile {
  const found = PROFILES.find((p) => p.name === name);
  if (!found) throw new UsageError(`--profile takes ${PROFILES.map((p) => p.name).join(', ')}; got "${name}"`);
  return found;
}

/** The areas a run tests: the profile's, narrowed by --only; naming only areas outside the profile is a usage error. */
export function planAreas(profile: Profile, only: readonly Area[] | undefined): Area[] {
  if (!only) return profile.areas;
  const areas = profile.areas.filter((a) => only.includes(a));
  if (areas.length === 0) throw new UsageError(`--only ${only.join(',')} selects nothing of profile ${profile.name} (its areas: ${profile.areas.join(', ')})`);
  return areas;
}
