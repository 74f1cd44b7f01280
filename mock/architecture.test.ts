/**
 * docs/architecture.md names every room of mock/ (each folder and each file at its top), and every room it
 * names exists: a folder added, moved or removed without the page fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The rooms the page's table names, in `backticks`. */
function roomsOnPage(): string[] {
  const rows = page.split('\n').filter((line) => line.startsWith('| `mock/'));
  return rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`(mock\/[^`]+)`/g)].map((m) => m[1] as string)).sort();
}

describe('docs/architecture.md', () => {
  it('names every folder and top-level file of mock/, each once', () => {
    expect(roomsOnPage()).toEqual(roomsOnDisk());
  });

  it('names only paths that exist', () => {
    const named = [...page.matchAll(/`((?:mock|fixtures|spec|scripts|conformance|docs)\/[^`\s]*)`/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
