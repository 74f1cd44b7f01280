import type { CheckFailure } from '../checks/Check.ts';
import { AREAS, type Area } from '../config/ConformConfig.ts';
import { UsageError } from '../config/UsageError.ts';
import type { CaseResult } from '../run/RunResult.ts';
import { AREA_PLAN } from './areaPlan.ts';
import type { Profile } from './profiles.ts';

/**
 * The profile narrowed to the operations a partner claims to implement (--operations, or a profile file):
 * the areas that send to at least one of them, those operations alone as what coverage and --min-coverage
 * count, and the checks of those areas. Claiming an operation the profile does not hold is a usage error.
 */
export function claimOperations(profile: Profile, operations: readonly string[], name = `${profile.name}, operations claimed`): Profile {
  const unknown = operations.filter((op) => !profile.operations.includes(op));
  if (unknown.length > 0)
    throw new UsageError(`--operations names ${unknown.join(', ')}, not among the operations of profile ${profile.name} (${profile.operations.join(', ')})`);
  if (operations.length === 0) throw new UsageError('--operations names no operation');
  const claimed = profile.operations.filter((op) => operations.includes(op));
  // The auth area probes every protected operation: it follows the claim through the failures (keepClaimed).
  const areas = profile.areas.filter((a) => AREA_PLAN[a].operations.some((op) => claimed.includes(op)));
  const checks = [...new Set(areas.flatMap((a) => AREA_PLAN[a].checks))].filter((c) => profile.checks.includes(c));
  return { name, summary: `${profile.summary}; only ${claimed.join(', ')}`, areas, readOnly: profile.readOnly, operations: claimed, checks };
}

/**
 * A profile file: `{"name": "...", "operations": [...], "areas"?: [...]}` narrowing `base`. Strict, as the
 * waivers file is: an unknown key or operation could never be honoured, so it is refused naming the file.
 */
export function parseProfileFile(text: string, file: string, base: Profile): Profile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new UsageError(`${file} must hold an object {name, operations, areas?}`);
  const record = data as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => !['name', 'operations', 'areas'].includes(k));
  if (extra.length > 0) throw new UsageError(`${file} has unknown key ${extra.map((k) => `"${k}"`).join(', ')} (allowed: name, operations, areas)`);
  const strings = (key: string): string[] | undefined => {
    const value = record[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new UsageError(`${file}: "${key}" must be a list of strings`);
    return value as string[];
  };
  if (typeof record.name !== 'string' || record.name.trim() === '') throw new UsageError(`${file}: "name" must be a non-empty string`);
  const operations = strings('operations');
  if (!operations) throw new UsageError(`${file}: "operations" lists what the target implements`);
  const claimed = claimOperations(base, operations, record.name);
  const areas = strings('areas');
  if (!areas) return claimed;
  const bad = areas.filter((a) => !(AREAS as readonly string[]).includes(a) || !claimed.areas.includes(a as Area));
  if (bad.length > 0) throw new UsageError(`${file}: "areas" names ${bad.join(', ')}, not an area of the claimed operations (${claimed.areas.join(', ')})`);
  return { ...claimed, areas: claimed.areas.filter((a) => areas.includes(a)) };
}

/** What a run found on operations the target does not claim: reported apart, never failing it. */
export interface UnclaimedFinding {
  step: string;
  failure: CheckFailure;
}

/**
 * The cases with every failure and warning on an operation outside `operations` taken out (a step left with
 * no failure passes): a partner is judged only on what it claims to implement. A failure with no operation
 * (a step that could not go on) stays: it is the suite's to explain.
 */
export function keepClaimed(cases: readonly CaseResult[], operations: readonly string[]): { cases: CaseResult[]; unclaimed: UnclaimedFinding[] } {
  const unclaimed: UnclaimedFinding[] = [];
  const claimedOn = (f: CheckFailure): boolean => f.exchange?.operationId === undefined || operations.includes(f.exchange.operationId);
  const out = cases.map((c) => {
    const step = `${c.area} › ${c.title}`;
    for (const f of [...c.failures, ...c.warnings]) if (!claimedOn(f)) unclaimed.push({ step, failure: f });
    const failures = c.failures.filter(claimedOn);
    const warnings = c.warnings.filter(claimedOn);
    const status = c.status === 'failed' && failures.length === 0 ? 'passed' : c.status;
    return { ...c, failures, warnings, status };
  });
  return { cases: out, unclaimed };
}
