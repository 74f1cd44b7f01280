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

export type TargetName = 'raw' | 'prism' | 'standalone' | 'express';

export const TARGET_LABELS: Record<TargetName, string> = {
  raw: 'raw node:http (same bytes)',
  prism: 'Prism static mock',
  standalone: 'mock, npm start',
  express: 'mock, createApp() in Express',
};

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
  };
}

/** Entities per second of an upload case (requests/s × entities per request). */
export function entitiesPerSecond(result: CaseResult, target: TargetName): number | undefined {
  const rps = result.measures[target]?.rps;
  return rps === undefined || result.entities === undefined ? undefined : rps * result.entities;
}

/** The README's table: one row per request, CPU per request and its ratios first (the steady figure). */
export function markdownTable(results: CaseResult[]): string {
  const rows = [
    '| request | raw µs/req | Prism µs/req | mock µs/req | mock × raw | mock × Prism | Express mount µs/req | × raw | × Prism | mock req/s ÷ Prism | mock p50 / p99 ms | mock RSS MB (× raw, × Prism) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const m = r.measures;
    const s = caseRatios(r, 'standalone');
    const e = caseRatios(r, 'express');
    const rss = m.standalone ? `${formatNumber(m.standalone.rssBytes / 2 ** 20)} (${formatRatio(s.rssToRaw)}, ${formatRatio(s.rssToPrism)})` : '–';
    const name = r.kind === 'upload' && r.entities ? `${r.name} (${formatNumber(entitiesPerSecond(r, 'standalone'))} entities/s)` : r.name;
    rows.push(
      `| ${name} | ${formatNumber(m.raw?.cpuUsPerReq)} | ${formatNumber(m.prism?.cpuUsPerReq)} | ${formatNumber(m.standalone?.cpuUsPerReq)} | ${formatRatio(s.cpuToRaw)} | ${formatRatio(s.cpuToPrism)} | ${formatNumber(m.express?.cpuUsPerReq)} | ${formatRatio(e.cpuToRaw)} | ${formatRatio(e.cpuToPrism)} | ${formatRatio(s.rpsToPrism)} | ${m.standalone ? `${m.standalone.p50} / ${m.standalone.p99}` : '–'} | ${rss} |`,
    );
  }
  return rows.join('\n');
}

export interface TargetCheck {
  target: string;
  met: boolean | undefined;
  detail: string;
}

/** The issue's targets, as ratios of this run (a report, never a test: speed is never asserted). */
export function checkTargets(results: CaseResult[], limits = { cpuToRaw: 3, cpuToPrism: 1 / 3, p99Ms: 5, entitiesPerSecond: 20_000 }): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const r of results) {
    const s = caseRatios(r, 'standalone');
    if (r.kind === 'read') {
      out.push({
        target: `${r.name}: CPU ≤ ${limits.cpuToRaw}× raw`,
        met: s.cpuToRaw === undefined ? undefined : s.cpuToRaw <= limits.cpuToRaw,
        detail: formatRatio(s.cpuToRaw),
      });
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
  return out;
}
