/**
 * docs/architecture.md names every room of mock/ (each folder and each file at its top), every room it names
 * exists, and no import climbs its table: a room imports only itself and the rooms listed above it, save the
 * climbing imports the page names (none today). A folder added, moved or removed, or an import that climbs,
 * fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** The rooms of mock/ as they are on disk: its folders (`mock/x/`) and its files that are not tests (`mock/x.ts`). */
function roomsOnDisk(): string[] {
  return readdirSync(join(root, 'mock'), { withFileTypes: true })
    .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
    .map((e) => (e.isDirectory() ? `mock/${e.name}/` : `mock/${e.name}`))
    .sort();
}

/** The rooms the page's table names, in `backticks`, row by row from the ground up. */
function tableRows(): string[][] {
  return page
    .split('\n')
    .filter((line) => line.startsWith('| `mock/'))
    .map((row) => [...(row.split('|')[1] ?? '').matchAll(/`(mock\/[^`]+)`/g)].map((m) => m[1] as string));
}

/** Every TypeScript file under mock/ that is not a test. */
function sourceFiles(dir = join(root, 'mock')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The room a file of mock/ is in: its folder under mock/, or the file itself at the top. */
function roomOf(file: string): string {
  const [first, second] = relative(join(root, 'mock'), file).split('/');
  return second === undefined ? `mock/${first}` : `mock/${first}/`;
}

/** Relative imports and re-exports of a file (static `from '...'` and `import('...')`), resolved to paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return specifiers.map((s) => resolve(dirname(file), s));
}

/** The climbing imports the page names and justifies, as `from → to` rooms (none today). */
const NAMED_CLIMBS: readonly string[] = [];

describe('docs/architecture.md', () => {
  it('names every folder and top-level file of mock/, each once', () => {
    expect(tableRows().flat().sort()).toEqual(roomsOnDisk());
  });

  it('names only paths that exist', () => {
    const named = [...page.matchAll(/`((?:mock|fixtures|spec|scripts|conformance|docs)\/[^`\s]*)`/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('only mock/mcp/ runs the suite: no other room imports its runner', () => {
    const runners = [join(root, 'conformance/run') + '/', join(root, 'conformance/api') + '/'];
    const users = sourceFiles()
      .filter((file) => importsOf(file).some((target) => runners.some((dir) => target.startsWith(dir))))
      .map((file) => roomOf(file));
    expect(users.length).toBeGreaterThan(0);
    expect([...new Set(users)]).toEqual(['mock/mcp/']);
    expect(page).toMatch(/\| `mock\/mcp\/` \|[^\n]*The one room of the mock that runs the suite/);
  });

  it('no import of mock/ climbs the table (a room imports itself and the rooms above it)', () => {
    const floor = new Map<string, number>();
    tableRows().forEach((rooms, i) => rooms.forEach((room) => floor.set(room, i)));
    const climbs: string[] = [];
    for (const file of sourceFiles()) {
      const from = roomOf(file);
      for (const target of importsOf(file)) {
        if (!target.startsWith(join(root, 'mock') + '/')) continue;
        const to = roomOf(target);
        if (to === from || NAMED_CLIMBS.includes(`${from} → ${to}`)) continue;
        if ((floor.get(to) ?? Infinity) > (floor.get(from) ?? -1)) climbs.push(`${relative(root, file)} → ${relative(root, target)}`);
      }
    }
    expect(climbs).toEqual([]);
  });

  it('one lifecycle: Express is loaded only by the Express app that hands it every request, the body reader and the proxy', () => {
    const users = sourceFiles()
      .filter((file) => /^import (?!type )[^;]*from 'express'|import\('express'\)/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
      .sort();
    expect(users.filter((file) => !file.startsWith('mock/proxy/'))).toEqual(['mock/app.ts', 'mock/http/readRequestBody.ts']);
    expect(users.some((file) => file.startsWith('mock/proxy/'))).toBe(true);
    // Nothing wraps a response to learn what a route wrote: the lifecycle journals and commits the answer it returns.
    const wrapped = sourceFiles().filter((file) => /\bres\.(end|write|writeHead)\s*=/.test(readFileSync(file, 'utf8')));
    expect(wrapped.map((file) => relative(root, file))).toEqual([]);
  });
});
