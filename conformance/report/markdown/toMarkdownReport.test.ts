import { describe, expect, it } from 'vitest';
import type { CheckFailure } from '../../checks/Check.ts';
import type { CaseResult } from '../../run/RunResult.ts';
import { fakeExchange } from '../../testing/fakeExchange.ts';
import { finishedRun } from '../../testing/finishedRun.ts';
import { HOSTILE, hostileRun, SECRET } from '../../testing/hostileRun.ts';
import { markdownCode, markdownText } from './markdownText.ts';
import { MAX_MARKDOWN_CHARS, MAX_MARKDOWN_FAILURES, toMarkdownReport } from './toMarkdownReport.ts';

describe('markdownText', () => {
  it.each<[string, string, string]>([
    ['a link', '[x](http://e/)', '\\[x\\]\\(http\\:\\/\\/e\\/\\)'],
    ['an image', '![a](b)', '\\!\\[a\\]\\(b\\)'],
    ['HTML', '<img src=x onerror=alert(1)> &amp;', '&lt;img src\\=x onerror\\=alert\\(1\\)&gt; &amp;amp\\;'],
    ['a mention', '@team', '\\@team'],
    ['emphasis and a table cell', '*a* | _b_', '\\*a\\* \\| \\_b\\_'],
    ['a heading on a new line', 'x\n# y', 'x \\# y'],
    ['a terminal escape', '\u001b[2J', '\\\\u001b\\[2J'],
  ])('makes %s inert', (_name, given, want) => {
    expect(markdownText(given)).toBe(want);
  });

  it('cuts a long value', () => {
    expect(markdownText('a'.repeat(1000), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('markdownCode', () => {
  it('fences with more backticks than the text holds, so nothing inside can close it', () => {
    expect(markdownCode("curl 'x' ```` y", 'sh')).toBe("`````sh\ncurl 'x' ```` y\n`````");
  });
});

describe('toMarkdownReport', () => {
  it('shows the verdict, each failure with its reproducer and coverage, with what the target sent escaped and secrets redacted', () => {
    const md = toMarkdownReport(hostileRun());
    expect(md.split('\n')[0]).toBe('## ✗ Not conformant: http\\:\\/\\/h');
    expect(md).toContain('- **\\[MUST\\] filter\\-matches** on listGroups: ');
    expect(md).toContain('  - expected: ');
    expect(md).toMatch(/\n {2}```sh\n {2}curl -sS /);
    expect(md).toContain('### Coverage');
    expect(md).toMatch(/\| operations \| \d+ \| \d+ \| [\d.]+% \|/);
    expect(md).not.toContain(HOSTILE);
    expect(md).not.toMatch(/<(script|img)/);
    expect(md).not.toContain(SECRET);
  });

  it('stays bounded: at most 40 failures in full, under 60,000 characters, however much the target sent', () => {
    const huge = 'x'.repeat(100_000);
    const failure = (i: number): CheckFailure => ({
      check: 'filter-matches',
      severity: 'MUST',
      message: `${i} ${huge}`,
      expected: huge,
      actual: huge,
      exchange: { ...fakeExchange('listGroups', 200, [huge]), curl: `curl '${huge}'` },
    });
    const cases: CaseResult[] = Array.from({ length: 100 }, (_, i) => ({
      area: 'groups',
      title: `step ${i}`,
      status: 'failed',
      failures: [failure(i)],
      warnings: [],
      operationIds: ['listGroups'],
      exchanges: 1,
      durationMs: 1,
    }));
    const md = toMarkdownReport(
      finishedRun({
        baseUrl: 'http://h',
        seed: 1,
        strict: false,
        readOnly: false,
        areas: ['groups'],
        startedAt: '2026-03-02T09:00:00.000Z',
        durationMs: 1,
        cases,
        counts: { passed: 0, failed: 100, skipped: 0, warnings: 0 },
        exchanges: 100,
        conformant: false,
        redact: (text) => text,
      }),
    );
    expect(md.length).toBeLessThanOrEqual(MAX_MARKDOWN_CHARS);
    expect((md.match(/^- \*\*\\\[MUST\\\]/gm) ?? []).length).toBeLessThanOrEqual(MAX_MARKDOWN_FAILURES);
    expect(md).toMatch(/(more failures|cut at 60000 characters)/);
  });
});
