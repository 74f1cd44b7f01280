import { failedSteps, stepName } from '../run/countCases.ts';
import { compareRunPlans, type BrokenRule, type PlanMismatch, type RunPlan } from './compareRunPlans.ts';

/** The parts of a JSON report (toJsonReport) a comparison reads; older reports may lack coverage and certificate. */
export interface ReportForDiff {
  cases: Array<{
    area: string;
    title: string;
    status: string;
    skipReason?: string;
    failures: Array<{ check: string; message?: string; exchange?: { operationId?: string } }>;
  }>;
  coverage?: Record<string, unknown> & { outOfPlan?: string[] };
  certificate?: RunPlan & { specSha256?: string; target?: string };
  /** Why the run is incomplete (its deadline stopped it). */
  incomplete?: string;
  /** The run's one verdict, as every reporter reads it. */
  verdict?: { result?: string };
}

/** A rule a step broke: its check and operation, how many of the step's failures share them, the first message. */
export interface FailureKey {
  check: string;
  operation?: string;
  /** How many failures of the step share the check and operation. */
  count: number;
  /** The first failure's message, for the reader. */
  message: string;
}

/** A failed step (the run's one unit of failure, see failedSteps) and the rules it broke. */
export interface StepChange {
  step: string;
  rules: FailureKey[];
  /** For a step failing in both reports: the rules it breaks now and did not before. */
  newRules?: FailureKey[];
}

export interface CoverageChange {
  figure: string;
  before?: { covered: number; total: number; percent: number };
  after?: { covered: number; total: number; percent: number };
  newlyCovered: string[];
  noLongerCovered: string[];
}

export interface ReportDiff {
  /** Steps failing in the new report and not in the old one. */
  newlyFailing: StepChange[];
  fixed: StepChange[];
  /** Steps failing in the old report that the new run's deadline left unfinished: neither fixed nor failing. */
  unfinished: StepChange[];
  stillFailing: StepChange[];
  coverage: CoverageChange[];
  /** Differences of what was tested (spec, target, profile): the comparison may not be like for like. */
  notes: string[];
  /** How the two runs were made differently (strictness, profile, operations, areas, waivers, seed). */
  plan: PlanMismatch[];
  /** Which run's verdict is "incomplete": its failures are a lower bound, its passes unproven. */
  incomplete: Array<'before' | 'after'>;
  /** The run's one failure count (failed steps, as the console, the HTML report and JUnit count), before and after. */
  failedSteps: { before: number; after: number };
}

/**
 * Compares two JSON reports in failed steps, the unit every reporter counts (failedSteps): a step newly fails
 * when the old report did not fail it. Within a step failing in both, a rule (check and operation: messages
 * carry values that change from run to run) it breaks now and did not before is named as newly broken.
 */
export function diffReports(before: ReportForDiff, after: ReportForDiff): ReportDiff {
  const old = stepsOf(before);
  const now = stepsOf(after);
  // An element of an operation outside either run's plan (profile, --only) is not a coverage change.
  const planned = (op: string) => !(before.coverage?.outOfPlan ?? []).includes(op) && !(after.coverage?.outOfPlan ?? []).includes(op);
  const coverage = ['operations', 'statuses', 'parameters', 'requestBodyKeys'].map((figure) =>
    coverageChange(figure, figureOf(before, figure), figureOf(after, figure), planned),
  );
  const notes: string[] = [];
  for (const key of ['specSha256', 'target', 'profile'] as const) {
    const a = before.certificate?.[key];
    const b = after.certificate?.[key];
    if (a !== undefined && b !== undefined && a !== b) notes.push(`${key} differs: ${a} → ${b}`);
  }
  const unfinishedNow = new Set(after.cases.filter((c) => c.status === 'skipped' && /^not finished/.test(c.skipReason ?? '')).map(stepName));
  const incomplete = (['before', 'after'] as const).filter((which) => {
    const report = which === 'before' ? before : after;
    return report.verdict?.result === 'incomplete' || report.incomplete !== undefined;
  });
  return {
    newlyFailing: [...now.values()].filter((k) => !old.has(k.step)),
    fixed: [...old.values()].filter((k) => !now.has(k.step) && !unfinishedNow.has(k.step)),
    unfinished: [...old.values()].filter((k) => !now.has(k.step) && unfinishedNow.has(k.step)),
    stillFailing: [...now.values()].flatMap((k) => {
      const was = old.get(k.step);
      if (!was) return [];
      const known = new Set(was.rules.map(id));
      const newRules = k.rules.filter((r) => !known.has(id(r)));
      return [{ ...k, ...(newRules.length > 0 ? { newRules } : {}) }];
    }),
    coverage: coverage.filter(
      (c) => c.before?.covered !== c.after?.covered || c.before?.total !== c.after?.total || c.newlyCovered.length > 0 || c.noLongerCovered.length > 0,
    ),
    notes,
    plan: compareRunPlans(before.certificate ?? {}, after.certificate ?? {}, { before: brokenRules(old), after: brokenRules(now) }),
    incomplete,
    failedSteps: { before: failedStepCount(before), after: failedStepCount(after) },
  };
}

function brokenRules(steps: Map<string, StepChange>): BrokenRule[] {
  return [...steps.values()].flatMap((s) => s.rules.map(({ check, operation }) => ({ check, ...(operation ? { operation } : {}) })));
}

function failedStepCount(report: ReportForDiff): number {
  return failedSteps(report.cases).length;
}

/** A diff is a regression when a step newly fails, or a failing step breaks a rule it did not. */
export function isRegression(diff: ReportDiff): boolean {
  return diff.newlyFailing.length > 0 || diff.stillFailing.some((s) => (s.newRules?.length ?? 0) > 0);
}

/** The diff as text: what newly fails, what got fixed (in failed steps, with the rules each broke), coverage. */
export function formatDiff(diff: ReportDiff): string {
  const lines: string[] = [];
  const rule = (k: FailureKey): string => `${k.check}${k.operation ? ` on ${k.operation}` : ''}${k.count > 1 ? ` ×${k.count}` : ''}: ${k.message}`;
  const list = (title: string, steps: StepChange[], mark: string): void => {
    lines.push(`${title}: ${steps.length}`);
    for (const s of steps) {
      lines.push(`  ${mark} ${s.step}`);
      for (const k of s.rules) lines.push(`      ${rule(k)}`);
    }
  };
  for (const m of diff.plan) lines.push(`WARNING: the runs differ in ${m.what}: ${m.before} → ${m.after}; their failures are not like for like`);
  for (const which of diff.incomplete)
    lines.push(
      `WARNING: the ${which === 'before' ? 'old' : 'new'} run is incomplete (its deadline stopped it): what it did not finish is neither fixed nor passing`,
    );
  for (const note of diff.notes) lines.push(`note: ${note}`);
  lines.push(`Failed steps: ${diff.failedSteps.before} → ${diff.failedSteps.after}`);
  list('Newly failing', diff.newlyFailing, '✗');
  list('Fixed', diff.fixed, '✓');
  if (diff.unfinished.length > 0) list('Not finished by the new run (not fixed)', diff.unfinished, '?');
  lines.push(`Still failing: ${diff.stillFailing.length}`);
  for (const s of diff.stillFailing.filter((x) => x.newRules)) {
    lines.push(`  ✗ ${s.step} breaks a rule it did not before`);
    for (const k of s.newRules ?? []) lines.push(`      ${rule(k)}`);
  }
  if (diff.coverage.length === 0) lines.push('Coverage: unchanged');
  for (const c of diff.coverage) {
    const show = (f: CoverageChange['before']) => (f ? `${f.covered}/${f.total} (${f.percent}%)` : 'n/a');
    lines.push(`Coverage ${c.figure}: ${show(c.before)} → ${show(c.after)}`);
    for (const item of c.noLongerCovered) lines.push(`  - no longer covered: ${item}`);
    for (const item of c.newlyCovered) lines.push(`  + newly covered: ${item}`);
  }
  return lines.join('\n');
}

function id(k: Pick<FailureKey, 'check' | 'operation'>): string {
  return `${k.check}\u0000${k.operation ?? ''}`;
}

/** The report's failed steps by name, each with the rules it broke. */
function stepsOf(report: ReportForDiff): Map<string, StepChange> {
  const steps = new Map<string, StepChange>();
  for (const { step, case: c } of failedSteps(report.cases)) {
    const rules = new Map<string, FailureKey>();
    for (const f of c.failures) {
      const key = { check: f.check, ...(f.exchange?.operationId ? { operation: f.exchange.operationId } : {}) };
      const known = rules.get(id(key));
      if (known) known.count++;
      else rules.set(id(key), { ...key, count: 1, message: f.message ?? '' });
    }
    // Two steps of one name (a scenario that repeats a title) are one step here, as their rules are merged.
    const same = steps.get(step);
    if (same) same.rules.push(...rules.values());
    else steps.set(step, { step, rules: [...rules.values()] });
  }
  return steps;
}

interface Figure {
  covered: number;
  total: number;
  percent: number;
  notCovered?: Array<{ operation: string; item: string }>;
}

function figureOf(report: ReportForDiff, name: string): Figure | undefined {
  const figure = report.coverage?.[name] as Partial<Figure> | undefined;
  return figure && typeof figure.covered === 'number' && typeof figure.total === 'number' ? ({ percent: 0, ...figure } as Figure) : undefined;
}

function coverageChange(figure: string, before: Figure | undefined, after: Figure | undefined, planned: (operation: string) => boolean): CoverageChange {
  const missing = (f: Figure | undefined) => new Set((f?.notCovered ?? []).filter((u) => planned(u.operation)).map((u) => `${u.operation} ${u.item}`));
  const was = missing(before);
  const is = missing(after);
  const pick = (f: typeof before) => (f ? { covered: f.covered, total: f.total, percent: f.percent } : undefined);
  return {
    figure,
    ...(before ? { before: pick(before) } : {}),
    ...(after ? { after: pick(after) } : {}),
    newlyCovered: before && after ? [...was].filter((x) => !is.has(x)) : [],
    noLongerCovered: before && after ? [...is].filter((x) => !was.has(x)) : [],
  };
}
