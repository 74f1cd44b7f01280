import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagedManifest } from './packagedManifest.ts';
import { PACKAGE_EXPORTS } from './packageExports.ts';

const repo = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('packagedManifest', () => {
  const manifest = packagedManifest(repo);
  it.each(['scripts', 'devDependencies', 'private', 'files'])('drops %s', (key) => {
    expect(manifest).not.toHaveProperty(key);
  });
  it('keeps the name, version and run-time dependencies', () => {
    expect(manifest).toMatchObject({ name: repo.name, version: repo.version, dependencies: repo.dependencies, type: 'module' });
  });
  it('keeps the optional peer a user installs beside it (msw, for mockHandlers)', () => {
    expect(manifest).toMatchObject({ peerDependencies: { msw: expect.any(String) }, peerDependenciesMeta: { msw: { optional: true } } });
  });
  it('carries the licence the package ships (MIT, LICENSE)', () => {
    expect(manifest.license).toBe('MIT');
  });
  it('points the bins inside the package root (dist/ is the root)', () => {
    expect(manifest.bin).toEqual({ 'edu-mock': 'mock/bin/edu-mock.js', 'edu-conform': 'conformance/bin/edu-conform.js' });
  });
  it('declares the entry points of scripts/packageExports.ts', () => {
    expect(manifest.exports).toEqual(PACKAGE_EXPORTS);
  });
});
