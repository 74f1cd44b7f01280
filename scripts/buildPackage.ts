/**
 * npm run build (and npm run package): compiles the mock and the suite to dist/ with tsc, copies what they read at
 * run time next to the JavaScript (the spec, the pages, the suite's mock config), and makes dist/ the package's
 * root: its own package.json (what a user installs: no development scripts or dependencies, not private), the
 * README and docs. `npm pack ./dist` then packs exactly that.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packagedManifest } from './packagedManifest.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const ASSETS = [
  'spec/openapi.yaml',
  'spec/openapi.parsed.json',
  'mock/ui/dashboard.html',
  'mock/docs/public',
  'fixtures/conform.mock.json',
  'README.md',
  'docs',
];

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
for (const asset of ASSETS) {
  mkdirSync(dirname(join(dist, asset)), { recursive: true });
  cpSync(join(root, asset), join(dist, asset), { recursive: true });
}
const manifest = packagedManifest(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>);
writeFileSync(join(dist, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`build: dist/ written (${ASSETS.length} assets copied, package.json for the package)`);
