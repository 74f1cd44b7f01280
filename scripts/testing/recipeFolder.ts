import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_EXPORTS, sourceOf } from '../packageExports.ts';

const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

/**
 * Recipes' files copied as they are into an empty folder outside the repository (each in a folder of its
 * name, as docs/recipes/ has them), with a node_modules where
 * the repository's dependencies are linked and `edu-platform-contract` is the package as its exports map names
 * it, pointing at the TypeScript sources (Vite and vitest follow the links to the sources and compile them),
 * so a recipe runs as a user who installed the package runs it, without building and packing it.
 */
export function recipeFolder(recipes: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'recipes-'));
  for (const recipe of recipes) cpSync(join(ROOT, 'docs/recipes', recipe), join(dir, recipe), { recursive: true });
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    // .bin too, so a recipe's `npx vite` finds the command as in a project of its own.
    if (name.startsWith('.') && name !== '.bin') continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  const pkg = join(modules, 'edu-platform-contract');
  mkdirSync(pkg);
  for (const folder of ['mock', 'spec', 'fixtures']) symlinkSync(join(ROOT, folder), join(pkg, folder));
  const exports = Object.fromEntries(
    Object.keys(PACKAGE_EXPORTS)
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => {
        const key = subpath as keyof typeof PACKAGE_EXPORTS;
        return [subpath, subpath === './types' ? { types: './spec/openapi.d.ts' } : { types: `./${sourceOf(key)}`, default: `./${sourceOf(key)}` }];
      }),
  );
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'edu-platform-contract', type: 'module', exports }, null, 2));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'recipes', private: true, type: 'module' }, null, 2));
  return dir;
}
