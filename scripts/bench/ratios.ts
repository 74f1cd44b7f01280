/** What one load run measured on one server. */
export interface Measure {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU time (user + system) per answered request, µs. */
  cpuUsPerReq: number;
  /** Peak resident set of the server process during the run, bytes. */
  rssBytes: number;
  failures: number;
}

export type TargetName = 'raw' | 'prism' | 'standalone' | 'express' | 'baseline';

/** Every target a run can measure; `baseline` only when another checkout is given (`--baseline DIR`). */
export const TARGET_NAMES: readonly TargetName[] = ['standalone', 'raw', 'prism', 'express', 'baseline'];

export const TARGET_LABELS: Record<TargetName, string> = {
  raw: 'raw node:http (same bytes)',
  prism: 'Prism static mock',
  standalone: 'mock, npm start',
  express: 'mock, createApp() in Express',
  baseline: 'mock before',
};

/** The limit of issue 27's "speed kept": the mock's CPU per request at most 5% above the checkout before. */
export const BEFORE_LIMIT = 1.05;

export interface CaseResult {
  name: string;
  kind: 'read' | 'upload';
  entities?: number;
  measures: Partial<Record<TargetName, Measure>>;
}

/** a ÷ b, undefined when either is missing or b is 0 (a ratio to nothing is not a ratio). */
export function ratio(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined || b === 0 || !Number.isFinite(a) || !Number.isFinite(b) ? undefined : a / b;
}

/** "2.4×", "0.31×", "–": two significant digits are all a shared machine can vouch for. */
export function formatRatio(value: number | undefined): string {
  if (value === undefined) return '–';
  return `${value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(2)}×`;
}

/**
 * "1.03×": a change against the same server measured before needs the second decimal, since the limit it is
 * judged by (5%) lies below formatRatio's two significant digits.
 */
export function formatChange(value: number | undefined): string {
  return value === undefined ? '–' : `${value.toFixed(2)}×`;
}

export function formatNumber(value: number | undefined, digits = 0): string {
  return value === undefined || !Number.isFinite(value) ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The ratios the README reports for one case: the mock (either mount) against raw and against Prism. */
export function caseRatios(result: CaseResult, target: 'standalone' | 'express') {
  const m = result.measures;
  return {
    cpuToRaw: ratio(m[target]?.cpuUsPerReq, m.raw?.cpuUsPerReq),
    cpuToPrism: ratio(m[target]?.cpuUsPerReq, m.prism?.cpuUsPerReq),
    rpsToRaw: ratio(m[target]?.rps, m.raw?.rps),
    rpsToPrism: ratio(m[target]?.rps, m.prism?.rps),
    rssToRaw: ratio(m[target]?.rssBytes, m.raw?.rssBytes),
    rssToPrism: ratio(m[target]?.rssBytes, m.prism?.rssBytes),
    cpuToBefore: ratio(m[target]?.cpuUsPerReq, m.baseline?.cpuUsPerReq),
  };
}

/** Entities per second of an upload case (requests/s × entities per request). */
export function entitiesPerSecond(result: CaseResult, target: TargetName): number | undefined {
  const rps = result.measures[target]?.rps;
  return rps === undefined || result.entities === undefined ? undefined : rps * result.entities;
}

/** The four targets of a run without `--baseline`. */
export const DEFAULT_TARGETS: readonly TargetName[] = ['standalone', 'raw', 'prism', 'express'];

/**
 * The README's table: one row per request, CPU per request and its ratios first (the steady figure). A target
 * the run left out (`targets`) shows "n/a" in its columns, one that ran but has no figure "–"; the columns of the
 * checkout before (µs/req and "× before") appear only when `baseline` is among the targets.
 */
export function markdownTable(results: CaseResult[], targets: readonly TargetName[] = DEFAULT_TARGETS): string {
  const ran = (t: TargetName) => targets.includes(t);
  const before = ran('baseline');
  const rows = [
    `| request | raw µs/req | Prism µs/req | mock µs/req | mock × raw | mock × Prism |${before ? ' before µs/req | mock × before |' : ''} Express mount µs/req | × raw | × Prism | mock req/s ÷ Prism | mock p50 / p99 ms | mock RSS MB (× raw, × Prism) |`,
    `|---|---|---|---|---|---|${before ? '---|---|' : ''}---|---|---|---|---|---|`,
  ];
  // "n/a" when any target the cell depends on was not run, else the figure.
  const cell = (needs: TargetName[], text: string) => (needs.every(ran) ? text : 'n/a');
  for (const r of results) {
    const m = r.measures;
    const s = caseRatios(r, 'standalone');
    const e = caseRatios(r, 'express');
    const rssRatios = `${cell(['raw'], formatRatio(s.rssToRaw))}, ${cell(['prism'], formatRatio(s.rssToPrism))}`;
    const rss = m.standalone ? `${formatNumber(m.standalone.rssBytes / 2 ** 20)} (${rssRatios})` : '–';
    const name = r.kind === 'upload' && r.entities ? `${r.name} (${formatNumber(entitiesPerSecond(r, 'standalone'))} entities/s)` : r.name;
    const cells = [
      name,
      cell(['raw'], formatNumber(m.raw?.cpuUsPerReq)),
      cell(['prism'], formatNumber(m.prism?.cpuUsPerReq)),
      formatNumber(m.standalone?.cpuUsPerReq),
      cell(['raw'], formatRatio(s.cpuToRaw)),
      cell(['prism'], formatRatio(s.cpuToPrism)),
      ...(before ? [formatNumber(m.baseline?.cpuUsPerReq), formatChange(s.cpuToBefore)] : []),
      cell(['express'], formatNumber(m.express?.cpuUsPerReq)),
      cell(['express', 'raw'], formatRatio(e.cpuToRaw)),
      cell(['express', 'prism'], formatRatio(e.cpuToPrism)),
      cell(['prism'], formatRatio(s.rpsToPrism)),
      m.standalone ? `${m.standalone.p50} / ${m.standalone.p99}` : '–',
      rss,
    ];
    rows.push(`| ${cells.join(' | ')} |`);
  }
  return rows.join('\n');
}

export interface TargetCheck {
  target: string;
  met: boolean | undefined;
  detail: string;
}

/**
 * The targets, as ratios of this run (a report, never a test: speed is never asserted). A check against
 * a target the run left out (`targets`) is not listed; with `baseline` among them, one line says whether every
 * read stayed within `limits.cpuToBefore` of the checkout before, naming the worst read.
 */
export function checkTargets(
  results: CaseResult[],
  limits = { cpuToRaw: 3, cpuToPrism: 1 / 3, p99Ms: 5, entitiesPerSecond: 20_000, cpuToBefore: BEFORE_LIMIT },
  targets: readonly TargetName[] = DEFAULT_TARGETS,
): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const r of results) {
    const s = caseRatios(r, 'standalone');
    if (r.kind === 'read') {
      if (targets.includes('raw'))
        out.push({
          target: `${r.name}: CPU ≤ ${limits.cpuToRaw}× raw`,
          met: s.cpuToRaw === undefined ? undefined : s.cpuToRaw <= limits.cpuToRaw,
          detail: formatRatio(s.cpuToRaw),
        });
      if (targets.includes('prism'))
        out.push({
          target: `${r.name}: CPU ≤ ⅓ Prism`,
          met: s.cpuToPrism === undefined ? undefined : s.cpuToPrism <= limits.cpuToPrism,
          detail: formatRatio(s.cpuToPrism),
        });
      const p99 = r.measures.standalone?.p99;
      out.push({
        target: `${r.name}: p99 ≤ ${limits.p99Ms} ms`,
        met: p99 === undefined ? undefined : p99 <= limits.p99Ms,
        detail: p99 === undefined ? '–' : `${p99} ms`,
      });
    } else {
      const eps = entitiesPerSecond(r, 'standalone');
      out.push({
        target: `${r.name}: ≥ ${formatNumber(limits.entitiesPerSecond)} entities/s`,
        met: eps === undefined ? undefined : eps >= limits.entitiesPerSecond,
        detail: `${formatNumber(eps)} entities/s`,
      });
    }
  }
  if (targets.includes('baseline')) out.push(checkBefore(results, limits.cpuToBefore));
  return out;
}

/**
 * "Speed kept": every read's CPU per request at most `limit` × the checkout before's, measured in the same run,
 * and the reads' geometric mean beside it. Unjudged (met undefined) when any read lacks either figure: a read not
 * measured is not a read kept.
 */
export function checkBefore(results: CaseResult[], limit = BEFORE_LIMIT): TargetCheck {
  const target = `every read within ${Math.round((limit - 1) * 100)}% of before's CPU per request`;
  const reads = results.filter((r) => r.kind === 'read').map((r) => ({ name: r.name, change: caseRatios(r, 'standalone').cpuToBefore }));
  const missing = reads.filter((r) => r.change === undefined);
  if (reads.length === 0 || missing.length > 0)
    return { target, met: undefined, detail: `no figure for ${missing.map((r) => r.name).join(', ') || 'any read'}` };
  const worst = reads.reduce((a, b) => ((b.change as number) > (a.change as number) ? b : a));
  // One read's ratio moves with the machine (two copies of the same code differ by tens of percent on a shared
  // VM): the reads' geometric mean beside the worst says whether the build as a whole moved.
  const mean = Math.exp(reads.reduce((sum, r) => sum + Math.log(r.change as number), 0) / reads.length);
  return {
    target,
    met: (worst.change as number) <= limit,
    detail: `worst: ${worst.name} ${formatChange(worst.change)}; the reads' geometric mean ${formatChange(mean)}`,
  };
}
