import { isExpired, parseWaivers, type Waiver } from '../plan/waivers.ts';
import type { SpecChange } from './SpecChange.ts';
import { SCHEMA_RULES, SCHEMA_SUBJECTS } from './schemaRules.ts';

/** Rules found outside schemas (operations, parameters, bodies, statuses, headers, security). */
const OTHER_RULES = [
  'api-operation-removed',
  'api-operation-added',
  'operation-id-changed',
  'request-parameter-moved',
  'request-parameter-removed',
  'new-required-request-parameter',
  'new-optional-request-parameter',
  'request-parameter-became-required',
  'request-parameter-became-optional',
  'request-body-removed',
  'request-body-added',
  'request-body-became-required',
  'request-body-became-optional',
  'request-body-media-type-removed',
  'request-body-media-type-added',
  'response-body-media-type-removed',
  'response-body-media-type-added',
  'response-status-removed',
  'response-status-added',
  'response-header-removed',
  'response-header-added',
  'response-header-became-required',
  'response-header-became-optional',
  'security-requirement-removed',
  'security-requirement-added',
  'security-scope-added',
  'security-scope-removed',
  'security-scheme-removed',
  'security-scheme-added',
  'security-scheme-changed',
  'security-flow-removed',
  'security-flow-added',
  'security-flow-url-changed',
  'security-scheme-scope-removed',
  'security-scheme-scope-added',
];

/** Every rule id the differ can report: what a waiver's `check` may name. */
export const SPEC_DIFF_RULES: ReadonlySet<string> = new Set([...OTHER_RULES, ...SCHEMA_SUBJECTS.flatMap((s) => SCHEMA_RULES.map((r) => `${s}-${r}`))]);

/**
 * The suite's waivers file, read by the suite's own parser: `check` names a rule of the diff, `operation` an
 * operationId of either version, and a waiver past its `expires` day covers nothing.
 */
export function parseSpecDiffWaivers(text: string, file: string, operations: ReadonlySet<string>): Waiver[] {
  return parseWaivers(text, file, { checks: SPEC_DIFF_RULES, operations });
}

export interface WaivedChange extends SpecChange {
  waiver: Waiver;
}

/** The changes a live waiver covers, apart; the expired waivers, to be reported; the live ones that covered nothing. */
export function applySpecDiffWaivers(changes: readonly SpecChange[], waivers: readonly Waiver[], now: Date) {
  const live = waivers.filter((w) => !isExpired(w, now));
  const used = new Set<Waiver>();
  const kept: SpecChange[] = [];
  const waived: WaivedChange[] = [];
  for (const change of changes) {
    const waiver = live.find((w) => w.check === change.rule && (w.operation === undefined || w.operation === change.operation));
    if (waiver) {
      used.add(waiver);
      waived.push({ ...change, waiver });
    } else kept.push(change);
  }
  return { kept, waived, expired: waivers.filter((w) => isExpired(w, now)), stale: live.filter((w) => !used.has(w)) };
}
