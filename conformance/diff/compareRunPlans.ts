/** What a JSON report's certificate says about how a run was made (older reports may lack any of it). */
export interface RunPlan {
  profile?: string;
  seed?: number;
  strict?: boolean;
  readOnly?: boolean;
  areas?: string[];
  /** The operations the target claimed (--operations); absent: every operation of the profile. */
  operations?: string[];
  waiversApplied?: Array<{ check: string; operation?: string }>;
  result?: string;
}

/** One way two runs were made differently, said so that a reader knows why their failures may differ. */
export interface PlanMismatch {
  what: 'strict' | 'profile' | 'seed' | 'read-only' | 'areas' | 'operations' | 'waivers';
  before: string;
  after: string;
}

const show = (value: unknown): string => (value === undefined ? '(not recorded)' : Array.isArray(value) ? value.join(',') || '(none)' : String(value));
const sorted = (list: readonly string[] | undefined): string[] | undefined => (list ? [...list].sort() : undefined);
/** A rule a run broke and did not waive: its check and operation. */
export interface BrokenRule {
  check: string;
  operation?: string;
}
const name = (w: BrokenRule): string => `${w.check}${w.operation ? ` on ${w.operation}` : ''}`;

/**
 * How two runs differ in what decides their verdicts: strictness (a SHOULD fails only under --strict), the
 * profile, the claimed operations and the areas (what was tested at all), the waivers (what was excused) and
 * the seed (which generated cases were sent). Comparing such runs step by step would report a change of
 * plan as a regression or a fix.
 */
export function compareRunPlans(
  before: RunPlan,
  after: RunPlan,
  broken: { before: BrokenRule[]; after: BrokenRule[] } = { before: [], after: [] },
): PlanMismatch[] {
  const out: PlanMismatch[] = [];
  const differ = (what: PlanMismatch['what'], a: unknown, b: unknown): void => {
    // A field one report does not record (an older suite) cannot be compared; say nothing rather than guess.
    if (a === undefined || b === undefined) return;
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ what, before: show(a), after: show(b) });
  };
  differ('strict', before.strict, after.strict);
  differ('profile', before.profile, after.profile);
  // No --operations: every operation of the profile, the same claim in both runs.
  const claimed = (plan: RunPlan): string[] => sorted(plan.operations) ?? ['(every operation of the profile)'];
  differ('operations', claimed(before), claimed(after));
  differ('areas', sorted(before.areas), sorted(after.areas));
  differ('read-only', before.readOnly, after.readOnly);
  // The certificate lists only the waivers that excused a failure, so a waiver missing from one list may
  // simply have had nothing to excuse there (the bug got fixed). Runs differ in waivers when a rule one run
  // waived is failed, unwaived, by the other: that run did not have the waiver.
  const unwaivedIn = (plan: RunPlan, rules: BrokenRule[]): string[] =>
    (plan.waiversApplied ?? []).filter((w) => rules.some((r) => r.check === w.check && (w.operation === undefined || r.operation === w.operation))).map(name);
  const waivedBeforeOnly = unwaivedIn(before, broken.after);
  const waivedAfterOnly = unwaivedIn(after, broken.before);
  if (waivedBeforeOnly.length > 0 || waivedAfterOnly.length > 0)
    out.push({
      what: 'waivers',
      before: waivedBeforeOnly.length ? `waives ${waivedBeforeOnly.join(', ')}` : `fails ${waivedAfterOnly.join(', ')} unwaived`,
      after: waivedAfterOnly.length ? `waives ${waivedAfterOnly.join(', ')}` : `fails ${waivedBeforeOnly.join(', ')} unwaived`,
    });
  differ('seed', before.seed, after.seed);
  return out;
}
