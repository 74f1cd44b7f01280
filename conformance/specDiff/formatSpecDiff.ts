import type { Waiver } from '../plan/waivers.ts';
import { describeWaiver } from '../plan/waivers.ts';
import { LEVELS, type Level, type SpecChange } from './SpecChange.ts';
import type { WaivedChange } from './specDiffWaivers.ts';

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
  return lines.join('\n') + '\n';
}
