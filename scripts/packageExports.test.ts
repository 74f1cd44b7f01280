import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageFiles, ROOT } from './packageContents.ts';
import { exportedFiles, PACKAGE_EXPORTS, sourceOf } from './packageExports.ts';

describe('the package entry points', () => {
  it('name only files the package ships', () => {
    const shipped = packageFiles();
    expect(exportedFiles().filter((file) => !shipped.has(file))).toEqual([]);
  });

  it.each(Object.entries(PACKAGE_EXPORTS).filter(([, target]) => typeof target !== 'string'))('%s lists its types condition first', (_subpath, target) => {
    expect(Object.keys(target)[0]).toBe('types');
  });

  it.each(['.', './msw', './node', './vite'] as const)('%s is compiled from a module of the repository', (subpath) => {
    expect(existsSync(join(ROOT, sourceOf(subpath)))).toBe(true);
  });

  it('`.` is createMock and `./msw` mockHandlers: the modules the browser bundle test holds to no node: import', () => {
    expect([sourceOf('.'), sourceOf('./msw')]).toEqual(['mock/inprocess/createMock.ts', 'mock/inprocess/mockHandlers.ts']);
  });
});
