import type { SyncUpload } from '../../spec/openapi.d.ts';
import { formatNumber, formatRatio, type Measure, ratio } from './ratios.ts';

/** One small write: a sync upload of one new active group whose name holds `word` (so a search finds it). */
export function sessionUpload(session: number, write: number, word: string): SyncUpload {
  return {
    groups: {
      data: [{ alias: `sessao-${session}-${write}`, name: `Turma ${word} sessão ${session}-${write}`, season: '2026', active: true, tags: ['sessao'] }],
    },
  };
}

/** Several measures of the same read as one: CPU per request over all their requests, mean rate, worst p99. */
export function combineMeasures(measures: Measure[]): Measure {
  const requests = measures.reduce((s, m) => s + m.requests, 0);
  const cpu = measures.reduce((s, m) => s + m.cpuUsPerReq * m.requests, 0);
  return {
    requests,
    rps: measures.length > 0 ? measures.reduce((s, m) => s + m.rps, 0) / measures.length : Number.NaN,
    p50: Math.max(0, ...measures.map((m) => m.p50)),
    p99: Math.max(0, ...measures.map((m) => m.p99)),
    cpuUsPerReq: requests > 0 ? cpu / requests : Number.NaN,
    rssBytes: Math.max(0, ...measures.map((m) => m.rssBytes)),
    failures: measures.reduce((s, m) => s + m.failures, 0),
  };
}

export interface SessionsMemory {
  sessions: number;
  writesPerSession: number;
  /** Writes answered 200 / not (other statuses, errors). */
  ok: number;
  failed: number;
  seconds: number;
  rssAtStartBytes: number;
  rssAfterBytes: number;
  /** What the sessions say they hold beyond the shared data (GET /__mock/sessions, summed). */
  estimatedBytes?: number;
}

export interface SessionRead {
  name: string;
  defaultSession: Measure;
  writtenSession: Measure;
}

export const TARGETS = { rssGrowthMb: 200, readRatio: 1.1 };

const mb = (bytes: number) => bytes / 2 ** 20;

/** The README's table: memory for the sessions' writes, then each read's CPU per request in both sessions. */
export function sessionsTable(memory: SessionsMemory, reads: SessionRead[]): string {
  const growth = mb(memory.rssAfterBytes - memory.rssAtStartBytes);
  const met = (ok: boolean | undefined) => (ok === undefined ? '?' : ok ? 'met' : 'missed');
  const rows = [
    '| measure | before, or default session | after, or the session that wrote | difference, or ratio | target |',
    '|---|---|---|---|---|',
    `| server RSS, ${formatNumber(memory.sessions)} sessions × ${memory.writesPerSession} writes (${formatNumber(memory.ok)} answered 200, ${formatNumber(memory.failed)} failed, ${formatNumber(memory.seconds, 1)} s) | ${formatNumber(mb(memory.rssAtStartBytes))} MB | ${formatNumber(mb(memory.rssAfterBytes))} MB | +${formatNumber(growth)} MB${memory.estimatedBytes === undefined ? '' : ` (the sessions' own estimate: ${formatNumber(mb(memory.estimatedBytes), 1)} MB)`} | < ${TARGETS.rssGrowthMb} MB: ${met(growth < TARGETS.rssGrowthMb)} |`,
  ];
  for (const r of reads) {
    const q = readRatio(r);
    const cell = (m: Measure) => `${formatNumber(m.cpuUsPerReq)} µs/req (${formatNumber(m.rps)} req/s, p99 ${m.p99} ms)`;
    rows.push(
      `| ${r.name}: server CPU | ${cell(r.defaultSession)} | ${cell(r.writtenSession)} | ${formatRatio2(q)} | ≤ ${TARGETS.readRatio.toFixed(2)}×: ${met(q === undefined ? undefined : q <= TARGETS.readRatio)} |`,
    );
  }
  return rows.join('\n');
}

/** Session ÷ default, CPU per request. */
export function readRatio(r: SessionRead): number | undefined {
  return ratio(r.writtenSession.cpuUsPerReq, r.defaultSession.cpuUsPerReq);
}

/** Two decimals: the target (1.10×) needs them, where the other tables show two significant digits. */
export function formatRatio2(value: number | undefined): string {
  return value === undefined ? formatRatio(value) : `${value.toFixed(2)}×`;
}
