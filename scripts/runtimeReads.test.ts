/**
 * Every file the package's code reads at run time is in the package: `spec/DECISIONS.md` was once read by the
 * suite and the proxy but not shipped, and only an implementation answering an undocumented status led there.
 * The reads are found in the source (scripts/runtimeReads.ts), so a new one is checked the day it is written.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageFiles } from './packageContents.ts';
import { runtimeReads } from './runtimeReads.ts';

/** Candidates beyond the package's root, tried after one inside it: nothing there can be shipped. */
const OUTSIDE_ALLOWED = [['conformance/replay/loadReplayPlan.ts', '../fixtures/conform.mock.json']];

describe('the package ships every file its code reads', () => {
  const { reads, unresolved } = runtimeReads();
  const files = packageFiles();
  const shipped = (path: string): boolean => (path.endsWith('/') ? path === './' || [...files].some((f) => f.startsWith(path)) : files.has(path));

  it('resolves every use of import.meta in the package (teach scripts/runtimeReads.ts a new kind, or name the file by a literal)', () => {
    expect(unresolved).toEqual([]);
  });

  it('finds the reads it is meant to find (the check cannot pass by finding nothing)', () => {
    expect(reads.map((r) => r.path)).toEqual(expect.arrayContaining(['spec/DECISIONS.md', 'spec/openapi.yaml', 'mock/ui/dashboard.html', 'mock/docs/public/']));
  });

  it.each(reads.filter((r) => !r.path.startsWith('../')).map((r) => [r.path, `${r.module}:${r.line}`]))('ships %s (read by %s)', (path) => {
    expect(shipped(path)).toBe(true);
  });

  it('reads beyond the package root only where it also looks inside it', () => {
    expect(reads.filter((r) => r.path.startsWith('../')).map((r) => [r.module, r.path])).toEqual(OUTSIDE_ALLOWED);
  });
});

describe('runtimeReads', () => {
  const root = mkdtempSync(join(tmpdir(), 'edu-reads-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const scan = (source: string) => {
    mkdirSync(join(root, 'mock', 'x'), { recursive: true });
    writeFileSync(join(root, 'mock', 'x', 'm.ts'), source);
    return runtimeReads(root, ['mock/x/m.ts']);
  };

  it.each<[string, string, string[], number]>([
    ['a file by a literal URL', "readFileSync(new URL('../../spec/DECISIONS.md', import.meta.url));", ['spec/DECISIONS.md'], 0],
    ['a folder', "const d = fileURLToPath(new URL('./public/', import.meta.url));", ['mock/x/public/'], 0],
    ['the module’s own folder', "const d = new URL('.', import.meta.url);", ['mock/x/'], 0],
    ['a literal list mapped through URL', "['./a.json', '../b.json'].map((p) => new URL(p, import.meta.url));", ['mock/x/a.json', 'mock/b.json'], 0],
    ['a join on import.meta.dirname', "readFileSync(join(import.meta.dirname, 'data', 'c.json'));", ['mock/x/data/c.json'], 0],
    ['a package resolved by Node (not a read of ours)', "createRequire(import.meta.url)('yaml');", [], 0],
    ['the is-main-module test', 'if (import.meta.url === pathToFileURL(process.argv[1]).href) run();', [], 0],
    ['a computed path (cannot be checked)', 'readFileSync(new URL(name, import.meta.url));', [], 1],
    ['import.meta.url passed elsewhere', 'load(import.meta.url);', [], 1],
  ])('%s', (_name, source, paths, unresolvedCount) => {
    const found = scan(source);
    expect(found.reads.map((r) => r.path)).toEqual(paths);
    expect(found.unresolved).toHaveLength(unresolvedCount);
  });
});
