/** The parts of a JSON report (toJsonReport) a comparison reads; older reports may lack coverage and certificate. */
export interface ReportForDiff {
  cases: Array<{ area: string; title: string; status: string; failures: Array<{ check: string; message?: string; exchange?: { operationId?: string } }> }>;
  coverage?: Record<string, unknown> & { outOfPlan?: string[] };
  certificate?: { specSha256?: string; target?: string; profile?: string; result?: string };
}

export interface FailureKey {
  check: string;
  operation?: string;
  step: string;
  /** How many failures of the report share the key. */
  count: number;
  /** The first failure's message, for the reader. */
  message: string;
}

export interface CoverageChange {
  figure: string;
  before?: { covered: number; total: number; percent: number };
  after?: { covered: number; total: number; percent: number };
  newlyCovered: string[];
  noLongerCovered: string[];
}

export interface ReportDiff {
  newlyFailing: FailureKey[];
  fixed: FailureKey[];
  stillFailing: FailureKey[];
  coverage: CoverageChange[];
  /** Differences of what was tested (spec, target, profile): the comparison may not be like for like. */
  notes: string[];
  /** The run's one failure count (failed steps, as the console, the HTML report and JUnit count), before and after. */
  failedSteps: { before: number; after: number };
}

/**
 * Compares two JSON reports. A failure is identified by its check, operation and step (messages carry values
 * that change from run to run); it newly fails when the old report has no failure with that identity.
 */
export function diffReports(before: ReportForDiff, after: ReportForDiff): ReportDiff {
  const old = failureKeys(before);
  const now = failureKeys(after);
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
  return {
    newlyFailing: [...now.values()].filter((k) => !old.has(id(k))),
    fixed: [...old.values()].filter((k) => !now.has(id(k))),
    stillFailing: [...now.values()].filter((k) => old.has(id(k))),
    coverage: coverage.filter(
      (c) => c.before?.covered !== c.after?.covered || c.before?.total !== c.after?.total || c.newlyCovered.length > 0 || c.noLongerCovered.length > 0,
    ),
    notes,
    failedSteps: { before: failedSteps(before), after: failedSteps(after) },
  };
}

function failedSteps(report: ReportForDiff): number {
  return report.cases.filter((c) => c.status === 'failed').length;
}

/** The diff as text: what newly fails, what got fixed, what changed in coverage. */
export function formatDiff(diff: ReportDiff): string {
  const lines: string[] = [];
  const list = (title: string, keys: FailureKey[], mark: string): void => {
    lines.push(`${title}: ${keys.length}`);
    for (const k of keys)
      lines.push(`  ${mark} ${k.check}${k.operation ? ` on ${k.operation}` : ''} (${k.step})${k.count > 1 ? ` ×${k.count}` : ''}: ${k.message}`);
  };
  for (const note of diff.notes) lines.push(`note: ${note}`);
  lines.push(`Failed steps: ${diff.failedSteps.before} → ${diff.failedSteps.after}`);
  list('Newly failing', diff.newlyFailing, '✗');
  list('Fixed', diff.fixed, '✓');
  lines.push(`Still failing: ${diff.stillFailing.length}`);
  if (diff.coverage.length === 0) lines.push('Coverage: unchanged');
  for (const c of diff.coverage) {
    const show = (f: CoverageChange['before']) => (f ? `${f.covered}/${f.total} (${f.percent}%)` : 'n/a');
    lines.push(`Coverage ${c.figure}: ${show(c.before)} → ${show(c.after)}`);
    for (const item of c.noLongerCovered) lines.push(`  - no longer covered: ${item}`);
    for (const item of c.newlyCovered) lines.push(`  + newly covered: ${item}`);
  }
  return lines.join('\n');
}

function id(k: Pick<FailureKey, 'check' | 'operation' | 'step'>): string {
  return `${k.check}\u0000${k.operation ?? ''}\u0000${k.step}`;
}

function failureKeys(report: ReportForDiff): Map<string, FailureKey> {
  const keys = new Map<string, FailureKey>();
  for (const c of report.cases) {
    for (const f of c.failures) {
      const key = { check: f.check, ...(f.exchange?.operationId ? { operation: f.exchange.operationId } : {}), step: `${c.area} › ${c.title}` };
      const known = keys.get(id(key));
      if (known) known.count++;
      else keys.set(id(key), { ...key, count: 1, message: f.message ?? '' });
    }
  }
  return keys;
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
