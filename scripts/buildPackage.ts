/**
 * npm run build (and npm run package): compiles the mock and the suite to dist/ with tsc, copies what they read at
 * run time next to the JavaScript (scripts/packageContents.ts lists it: the spec, its decisions, the pages, the
 * suite's mock config, the default dataset) and the declarations of the typed entry points (scripts/packageExports.ts), and makes dist/ the package's root: its own package.json (what a
 * user installs: no development scripts or dependencies, not private), its README, licence and docs.
 * `npm pack ./dist` then packs exactly that.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { generatorAssets, PACKAGE_ASSETS, PACKAGE_EXCLUDED, PACKAGE_RENAMED, ROOT } from './packageContents.ts';
import { packagedManifest } from './packagedManifest.ts';
import { rewriteDeclarationImports } from './rewriteDeclarationImports.ts';

const dist = join(ROOT, 'dist');
const copy = (from: string, to: string, filter?: (source: string) => boolean): void => {
  mkdirSync(dirname(join(dist, to)), { recursive: true });
  cpSync(join(ROOT, from), join(dist, to), { recursive: true, ...(filter ? { filter } : {}) });
};
const notExcluded = (source: string): boolean => !PACKAGE_EXCLUDED.includes(relative(ROOT, source).split(sep).join('/'));

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit', cwd: ROOT });
// The declarations import `./x.js`, as the JavaScript does (scripts/rewriteDeclarationImports.ts).
for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'))) {
  const path = join(dist, file);
  writeFileSync(path, rewriteDeclarationImports(readFileSync(path, 'utf8')));
}
const assets = [...PACKAGE_ASSETS, ...generatorAssets()];
for (const asset of assets) copy(asset, asset, notExcluded);
for (const [from, to] of Object.entries(PACKAGE_RENAMED)) copy(from, to);
const manifest = packagedManifest(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>);
writeFileSync(join(dist, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`build: dist/ written (${assets.length} assets copied, the package's README, package.json for the package)`);
