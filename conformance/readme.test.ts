import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RuleSource } from './checks/RuleSource.ts';
import { checkRegistry } from './checks/registry.ts';
import { USAGE } from './config/parseCliArgs.ts';

const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
const decisions = readFileSync(new URL('../spec/DECISIONS.md', import.meta.url), 'utf8');

interface Row {
  check: string;
  subRule?: string;
  severity: 'MUST' | 'SHOULD';
  source: string;
}

const rows: Row[] = [...readme.matchAll(/^\| `([a-z][a-z-]*)`(?: › ([^|]+?))? \| (MUST|SHOULD) \| .+? \| (.+?) \|$/gm)].map((m) => ({
  check: m[1] as string,
  ...(m[2] ? { subRule: m[2] } : {}),
  severity: m[3] as Row['severity'],
  source: m[4] as string,
}));

const shown = (source: RuleSource): string => (source.kind === 'description' ? `"${source.text}"` : `decision: ${source.text}`);

describe('conformance/README.md', () => {
  it('documents every check of the registry, and no other', () => {
    expect([...new Set(rows.map((r) => r.check))].sort()).toEqual([...checkRegistry.keys()].sort());
  });

  it.each([...checkRegistry.values()].map((c) => [c.name, c] as const))('%s: a row per rule, each naming the source the check carries', (name, check) => {
    const mine = rows.filter((r) => r.check === name);
    expect(
      mine.filter((r) => !r.subRule),
      'one main row',
    ).toHaveLength(1);
    for (const severity of ['MUST', 'SHOULD'] as const) {
      const source = check.rules[severity];
      if (source)
        expect(
          mine.filter((r) => r.severity === severity).map((r) => r.source),
          `${severity} row`,
        ).toContain(shown(source));
      else
        expect(
          mine.filter((r) => r.severity === severity),
          `no ${severity} rule`,
        ).toEqual([]);
    }
    expect(check.source, 'the check names its main rule').toBeDefined();
  });

  it('rests every MUST on a quoted sentence and every SHOULD on a heading of spec/DECISIONS.md', () => {
    const headings = new Set([...decisions.matchAll(/^##+ (.+)$/gm)].map((m) => (m[1] as string).trim()));
    for (const row of rows) {
      if (row.severity === 'MUST') expect(row.source, `${row.check}`).toMatch(/^".+"$/);
      else {
        expect(row.source, `${row.check}`).toMatch(/^decision: /);
        expect(headings, `${row.check}: ${row.source}`).toContain(row.source.replace(/^decision: /, ''));
      }
    }
  });
});

describe('the flags of --help', () => {
  const flags = [...USAGE.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1] as string).filter((f) => f !== '--help');
  const topReadme = readFileSync(new URL('../docs/conformance.md', import.meta.url), 'utf8');

  it.each(flags)('%s is documented in conformance/README.md and docs/conformance.md', (flag) => {
    expect(readme).toContain(`\`${flag}`);
    expect(topReadme).toContain(flag);
  });
});
