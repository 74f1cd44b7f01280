/**
 * What the package holds besides the compiled JavaScript: every file the code reads at run time (checked by
 * scripts/runtimeReads.test.ts, which finds those reads in the source), and what a user reads (README, licence,
 * docs, sample bodies). scripts/buildPackage.ts copies exactly these; the tests ask the same list.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TypeScript from 'typescript';
import { generatorSources } from '../fixtures/defaultDataset.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Copied to the same path in the package: files, or folders with everything under them. */
export const PACKAGE_ASSETS: readonly string[] = [
  // The contract, its JSON snapshot (a start skips parsing YAML) and the decisions the checks cite by heading.
  'spec/openapi.yaml',
  // The contract's generated types: the `./types` entry, and what the compiled declarations import.
  'spec/openapi.d.ts',
  'spec/openapi.parsed.json',
  'spec/DECISIONS.md',
  // The pages the mock serves.
  'mock/ui/dashboard.html',
  'mock/docs/public',
  // The suite's configuration for the seeded mock (the README's `--config` line, and replay's default).
  'fixtures/conform.mock.json',
  // The default seed's dataset: a start reads it instead of generating (fixtures/defaultDataset.ts).
  'fixtures/defaultDataset.json',
  // The bodies the README's curl lines send.
  'fixtures/samples/sync-upload.json',
  'fixtures/samples/data-action-users.json',
  'fixtures/samples/data-action-components.json',
  'LICENSE',
  'docs',
];

/** Written to another path in the package: source in the repository → path in the package. */
export const PACKAGE_RENAMED: Readonly<Record<string, string>> = {
  // The repository's README speaks of its npm scripts; the package's speaks of its two commands.
  'docs/package/README.md': 'README.md',
};

/** Under an asset folder, but not copied there: the package's README's source (shipped renamed, see PACKAGE_RENAMED). */
export const PACKAGE_EXCLUDED: readonly string[] = ['docs/package'];

/**
 * The default dataset is used only while its fingerprint (a hash of the generator's TypeScript sources) matches:
 * shipping those sources keeps that check true in the package, so `npx edu-mock` starts from the snapshot too.
 */
export function generatorAssets(root: string = ROOT): string[] {
  return generatorSources().map((file) => relative(root, file).split(sep).join('/'));
}

/** Every path (relative, with `/`) of a file the package holds: compiled modules, assets, package.json. */
export function packageFiles(root: string = ROOT): Set<string> {
  const out = new Set<string>(['package.json', ...compiledFiles(root), ...Object.values(PACKAGE_RENAMED)]);
  for (const asset of [...PACKAGE_ASSETS, ...generatorAssets(root)]) for (const file of filesUnder(root, asset)) out.add(file);
  return out;
}

/** The TypeScript modules tsconfig.build.json compiles into the package. */
export function packageSources(root: string = ROOT): string[] {
  const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
  const configPath = join(root, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath));
  return parsed.fileNames.map((file) => relative(root, file).split(sep).join('/'));
}

/**
 * Those modules as the files tsc writes: each `.js` and its declarations, `.d.ts` (typed entry points,
 * scripts/packageExports.ts); a declaration file is compiled into neither (the one the package ships is an asset).
 */
export function compiledFiles(root: string = ROOT): string[] {
  return packageSources(root)
    .filter((file) => !file.endsWith('.d.ts'))
    .flatMap((file) => [file.replace(/\.ts$/, '.js'), file.replace(/\.ts$/, '.d.ts')]);
}

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) throw new Error(`package asset ${path} does not exist`);
  if (PACKAGE_EXCLUDED.includes(path)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => filesUnder(root, `${path}/${name}`));
}
