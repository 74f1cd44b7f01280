import type { Waiver } from '../plan/waivers.ts';
import { describeWaiver } from '../plan/waivers.ts';
import { LEVELS, type Level, type SpecChange } from './SpecChange.ts';
import type { WaivedChange } from './specDiffWaivers.ts';
import { terminalSafe } from '../report/terminalSafe.ts';
import type { FlowImpact } from './flowImpact.ts';
import type { SpecDiffImpact } from './SpecDiffImpact.ts';

/** What one run of the diff found, as the text, JSON and markdown outputs show it. */
export interface SpecDiffResult {
  base: { label: string; sha256: string };
  head: { label: string; sha256: string };
  changes: SpecChange[];
  waived: WaivedChange[];
  expiredWaivers: Waiver[];
  staleWaivers: Waiver[];
  counts: Record<'clients' | 'implementations', Record<Level, number>>;
  /** True when a change not waived is breaking for clients or for implementations: the exit code is 1. */
  breaking: boolean;
  /** With --flows and --reports: the recorded flows the change breaks and the certificates it makes stale. */
  impact?: SpecDiffImpact;
}

export function countLevels(changes: readonly SpecChange[]): SpecDiffResult['counts'] {
  const zero = (): Record<Level, number> => ({ breaking: 0, 'potentially-breaking': 0, safe: 0 });
  const counts = { clients: zero(), implementations: zero() };
  for (const c of changes) {
    counts.clients[c.clients] += 1;
    counts.implementations[c.implementations] += 1;
  }
  return counts;
}

const rank = (c: SpecChange) => Math.min(LEVELS.indexOf(c.clients), LEVELS.indexOf(c.implementations));
const sorted = (changes: readonly SpecChange[]) => [...changes].sort((a, b) => rank(a) - rank(b));
const tally = (r: SpecDiffResult, who: 'clients' | 'implementations') =>
  `${r.counts[who].breaking} breaking, ${r.counts[who]['potentially-breaking']} potentially breaking, ${r.counts[who].safe} safe`;

/** The console report: a summary line per party, then each change, worst first. */
export function formatSpecDiffText(r: SpecDiffResult): string {
  const lines = [`Contract diff ${r.base.label} → ${r.head.label}: ${r.changes.length} change${r.changes.length === 1 ? '' : 's'}`];
  lines.push(`  clients:         ${tally(r, 'clients')}`, `  implementations: ${tally(r, 'implementations')}`);
  for (const c of sorted(r.changes)) {
    lines.push(
      '',
      `${c.rule}${c.operation ? ` (${c.operation})` : ''}: clients ${c.clients}, implementations ${c.implementations}${c.rolesInverted ? ' [data action: the app implements, the platform calls]' : ''}`,
    );
    lines.push(`  ${c.sentence}`, `  at ${c.pointer}${c.component ? ` (under ${c.component})` : ''}`);
  }
  for (const c of r.waived)
    lines.push('', `waived: ${c.rule}${c.operation ? ` (${c.operation})` : ''}: ${c.sentence} (${describeWaiver(c.waiver)}: ${c.waiver.reason})`);
  for (const w of r.expiredWaivers) lines.push('', `expired waiver, covering nothing: ${describeWaiver(w)}`);
  for (const w of r.staleWaivers) lines.push('', `stale waiver, no change matches it: ${describeWaiver(w)}`);
  if (r.impact) lines.push(...impactText(r.impact));
  lines.push('', r.breaking ? 'Breaking: a change breaks clients or implementations (exit 1).' : 'No breaking change (exit 0).');
  return lines.join('\n');
}

/** Markdown cells: pipes and backticks would end a cell or a code span; line breaks would end the row. */
function cell(text: string): string {
  return text.replace(/[\\|`*_<>[\]]/g, (ch) => `\\${ch}`).replace(/\r?\n/g, ' ');
}

/** A summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`. */
export function formatSpecDiffMarkdown(r: SpecDiffResult): string {
  const lines = [
    `### Contract diff: ${r.breaking ? 'breaking' : 'no breaking change'}`,
    '',
    `${cell(r.base.label)} → ${cell(r.head.label)}`,
    '',
    '| | breaking | potentially breaking | safe |',
    '| --- | ---: | ---: | ---: |',
    `| clients | ${r.counts.clients.breaking} | ${r.counts.clients['potentially-breaking']} | ${r.counts.clients.safe} |`,
    `| implementations | ${r.counts.implementations.breaking} | ${r.counts.implementations['potentially-breaking']} | ${r.counts.implementations.safe} |`,
  ];
  if (r.changes.length > 0) {
    lines.push('', '| clients | implementations | rule | operation | change | where |', '| --- | --- | --- | --- | --- | --- |');
    for (const c of sorted(r.changes))
      lines.push(
        `| ${c.clients} | ${c.implementations} | ${cell(c.rule)} | ${cell(c.operation ?? '')}${c.rolesInverted ? ' (data action)' : ''} | ${cell(c.sentence)} | ${cell(c.pointer)} |`,
      );
  }
  if (r.waived.length > 0) lines.push('', `Waived: ${r.waived.map((c) => cell(`${c.rule} ${c.operation ?? ''} (${describeWaiver(c.waiver)})`)).join('; ')}`);
  if (r.expiredWaivers.length > 0) lines.push('', `Expired waivers: ${r.expiredWaivers.map((w) => cell(describeWaiver(w))).join('; ')}`);
  if (r.impact) lines.push(...impactMarkdown(r.impact));
  return lines.join('\n') + '\n';
}

/** How a flow's replay on the new contract went, in a few words. */
export function replayVerdict(f: FlowImpact): string {
  const replay = f.replay;
  if (!replay) return 'not replayed';
  if (replay.status === 'passed') return `replay on the new contract passes (${replay.calls} calls)`;
  if (replay.status === 'failed') return `replay on the new contract FAILS (${replay.failures.length} failure${replay.failures.length === 1 ? '' : 's'})`;
  return `judged statically only: ${replay.reason}`;
}

const VERSION_WORDS = { stale: 'STALE (judged the old contract)', current: 'current (judged the new contract)', other: 'judged neither contract' } as const;

/** Recordings and reports hold what a target sent: one line each, bounded, with terminal controls escaped. */
const MAX_SHOWN = 300;
function shown(text: string): string {
  const one = terminalSafe(text.replace(/\r?\n/g, ' '));
  return one.length > MAX_SHOWN ? `${one.slice(0, MAX_SHOWN)}…` : one;
}

function impactText(impact: SpecDiffImpact): string[] {
  const lines: string[] = [];
  if (impact.flows) {
    const broken = impact.flows.filter((f) => f.broken).length;
    lines.push('', `Recorded flows: ${impact.flows.length}, ${broken} broken by the change`);
    for (const f of impact.flows) {
      lines.push(`  ${f.broken ? 'BROKEN' : 'ok    '} ${shown(f.file)} (${f.calls} API calls): ${shown(replayVerdict(f))}`);
      for (const h of f.hits)
        for (const c of h.changes) lines.push(`    #${h.call} ${shown(h.method)} ${shown(h.path)} (${h.operationId}): ${c.rule}: ${c.sentence}`);
      if (f.replay?.status === 'failed') for (const failure of f.replay.failures) lines.push(`    replay: ${shown(failure)}`);
    }
  }
  if (impact.reports) {
    const stale = impact.reports.filter((r) => r.version === 'stale').length;
    lines.push('', `Conformance reports: ${impact.reports.length}, ${stale} stale`);
    for (const r of impact.reports) {
      lines.push(`  ${shown(r.file)}: ${VERSION_WORDS[r.version]}; ${r.touched.length} step${r.touched.length === 1 ? '' : 's'} on changed operations`);
      for (const t of r.touched)
        lines.push(
          `    ${shown(t.title)} [${shown(t.status)}] ${shown(t.operations.join(', '))}: ${t.changes.map((c) => `${c.rule} (${c.level})`).join(', ')}${t.checks.length ? `; checks ${shown(t.checks.join(', '))}` : ''}`,
        );
    }
  }
  return lines;
}

function impactMarkdown(impact: SpecDiffImpact): string[] {
  const lines: string[] = [];
  if (impact.flows && impact.flows.length > 0) {
    lines.push('', '#### Recorded flows', '', '| flow | verdict | calls on breaking changes | replay |', '| --- | --- | --- | --- |');
    for (const f of impact.flows) {
      const hits = f.hits.map((h) => `#${h.call} ${h.operationId}: ${h.changes.map((c) => c.rule).join(', ')}`).join('; ');
      const replay = replayVerdict(f) + (f.replay?.status === 'failed' ? `: ${f.replay.failures.slice(0, 3).join('; ')}` : '');
      lines.push(`| ${cell(shown(f.file))} | ${f.broken ? 'broken' : 'ok'} | ${cell(shown(hits))} | ${cell(shown(replay))} |`);
    }
  }
  if (impact.reports && impact.reports.length > 0) {
    lines.push('', '#### Conformance reports', '', '| report | certificate | steps on changed operations |', '| --- | --- | --- |');
    for (const r of impact.reports) {
      const steps = r.touched.map((t) => `${shown(t.title)} (${shown(t.operations.join(', '))})`).join('; ');
      lines.push(`| ${cell(shown(r.file))} | ${r.version} | ${cell(steps)} |`);
    }
  }
  return lines;
}
