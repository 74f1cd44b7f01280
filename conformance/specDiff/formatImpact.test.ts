import { describe, expect, it } from 'vitest';
import { formatSpecDiffMarkdown, formatSpecDiffText, type SpecDiffResult } from './formatSpecDiff.ts';
import { reportImpact } from './reportImpact.ts';
import type { SpecChange } from './SpecChange.ts';

const CHANGE: SpecChange = {
  rule: 'api-operation-removed',
  pointer: '#/paths/x',
  operation: 'getGroup',
  sentence: 'removed',
  clients: 'breaking',
  implementations: 'safe',
};

/** A report as a hostile target could leave it: its step titles and checks are its own text. */
const hostile = JSON.stringify({
  certificate: { specSha256: 'a'.repeat(64) },
  cases: [{ area: 'groups', title: 'evil\u001b[2J\nfake line | cell', status: 'passed', operationIds: ['getGroup'], checks: ['x'.repeat(1000)] }],
});

function result(): SpecDiffResult {
  const impact = reportImpact('r.json', hostile, 'a'.repeat(64), 'b'.repeat(64), [CHANGE]);
  return {
    base: { label: 'old', sha256: 'a'.repeat(64) },
    head: { label: 'new', sha256: 'b'.repeat(64) },
    changes: [CHANGE],
    waived: [],
    expiredWaivers: [],
    staleWaivers: [],
    counts: { clients: { breaking: 1, 'potentially-breaking': 0, safe: 0 }, implementations: { breaking: 0, 'potentially-breaking': 0, safe: 1 } },
    breaking: true,
    impact: { reports: impact ? [impact] : [] },
  };
}

describe('the impact, as shown', () => {
  it.each<[string, (r: SpecDiffResult) => string, RegExp, RegExp]>([
    [
      'text: terminal controls escaped, one line per step, bounded',
      formatSpecDiffText,
      /evil\\u001b\[2J fake line \| cell \[passed\] getGroup: api-operation-removed \(breaking\); checks x{300}…\n/,
      /\nfake line/,
    ],
    [
      'markdown: the title cannot end the cell or the row',
      formatSpecDiffMarkdown,
      /\| r\.json \| stale \| evil.*fake line \\\| cell \(getGroup\) \|/,
      /\nfake line/,
    ],
  ])('%s', (_label, format, shown, absent) => {
    const out = format(result());
    expect(out).toMatch(shown);
    expect(out.includes('\u001b')).toBe(false);
    expect(out).not.toMatch(absent);
  });
});
