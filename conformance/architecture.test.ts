/**
 * docs/architecture.md names every room of conformance/ (each folder and each file at its top), every room it
 * names exists, and no import climbs its table: a room imports only itself and the rooms listed above it, save
 * the climbing imports the page names. A room added or an import that climbs (a new circle) fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const suite = join(root, 'conformance');
const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

function roomsOnDisk(): string[] {
  return readdirSync(suite, { withFileTypes: true })
    .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
    .map((e) => (e.isDirectory() ? `conformance/${e.name}/` : `conformance/${e.name}`))
    .sort();
}

/** The rooms of the suite's table, row by row from the ground up. */
function tableRows(): string[] {
  return page
    .split('\n')
    .filter((line) => line.startsWith('| `conformance/'))
    .map((row) => /`(conformance\/[^`]+)`/.exec(row)?.[1] as string);
}

/** Every TypeScript file of the suite that is not a test, nor a room's own test harness (`replay/testing/`). */
function sourceFiles(dir = suite): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' && dir !== suite ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

function roomOf(file: string): string {
  const [first, second] = relative(suite, file).split('/');
  return second === undefined ? `conformance/${first}` : `conformance/${first}/`;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => resolve(dirname(file), m[1] as string));
}

/**
 * The climbing imports docs/architecture.md names, as `from → to` rooms: at most one, each a circle still to
 * break. None today: a new one is named here and on the page, or it fails below.
 */
const NAMED_CLIMBS: readonly string[] = [];

describe("docs/architecture.md, the suite's rooms", () => {
  it('names every folder and top-level file of conformance/, each once', () => {
    expect([...tableRows()].sort()).toEqual(roomsOnDisk());
  });

  it('names each climbing import it allows (at most one), and says so when there is none', () => {
    expect(NAMED_CLIMBS.length).toBeLessThanOrEqual(1);
    if (NAMED_CLIMBS.length === 0) expect(page).toContain('No import of `conformance/` climbs the table');
    for (const climb of NAMED_CLIMBS) {
      const [from, to] = climb.split(' → ') as [string, string];
      expect(page).toContain(`\`${from}\``);
      expect(page).toMatch(new RegExp(`\`${from}\`[^|]*?→ \`${to}\``.replace(/\//g, '\\/')));
    }
  });

  it('no import climbs the table but the named ones (a room imports itself and the rooms above it)', () => {
    const floor = new Map(tableRows().map((room, i) => [room, i]));
    const climbs: string[] = [];
    for (const file of sourceFiles()) {
      const from = roomOf(file);
      for (const target of importsOf(file)) {
        if (!target.startsWith(`${suite}/`)) continue;
        const to = roomOf(target);
        if (to === from || NAMED_CLIMBS.includes(`${from} → ${to}`)) continue;
        if ((floor.get(to) ?? Infinity) > (floor.get(from) ?? -1)) climbs.push(`${relative(root, file)} → ${relative(root, target)}`);
      }
    }
    expect(climbs).toEqual([]);
  });
});
