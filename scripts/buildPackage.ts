/**
 * npm run build (and npm pack, through prepack): compiles the mock and the suite to dist/ with tsc, then
 * copies what they read at run time next to the JavaScript: the spec, the pages, the suite's mock config.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const ASSETS = ['spec/openapi.yaml', 'spec/openapi.parsed.json', 'mock/ui/dashboard.html', 'mock/docs/public', 'fixtures/conform.mock.json'];

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
for (const asset of ASSETS) {
  mkdirSync(dirname(join(dist, asset)), { recursive: true });
  cpSync(join(root, asset), join(dist, asset), { recursive: true });
}
console.log(`build: dist/ written (${ASSETS.length} assets copied)`);
