// npm start: runs mock/server.ts from a cached JavaScript bundle in this very process, plain JavaScript so
// that no TypeScript loader starts first. Loading the ~170 TypeScript modules through tsx took about half of
// the start (tsx's command line starts a second node process, and its loader answers every import from a
// worker); one bundle of them, with the packages left as imports, loads in a few tens of ms.
//
// The bundle lives in node_modules/.cache/edu-mock/ with the size and modification time of every file it
// was built from; a start stats those files (a few ms) and rebuilds with esbuild (tsx's own, ~0.3 s) when
// any differs, so an edit is always picked up; `npm ci` builds it first (the `prepare` script runs
// `node scripts/start.mjs --build-only`), so a fresh clone's first start does not pay for it. If it cannot be
// built or written, the server runs through tsx as before. `npm run dev` keeps tsx's watch mode.
//
// Modules the server imports dynamically (the MCP route, the body parser of large bodies) stay chunks of their own, so
// they are loaded when needed, not at start. Stack traces name bundle lines; for TypeScript lines run it
// with NODE_OPTIONS=--enable-source-maps (the maps are written next to the bundle; reading them costs a start
// about 80 ms, so they are not turned on by default).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

// Before anything loads: the server stops when this parent goes, even if that happens while it loads
// (mock/cli/exitWithParent.ts).
process.env.EDU_MOCK_PARENT_PID = String(process.ppid);
const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'mock', 'server.ts');
// Bump when the build options below change, so an old bundle is not reused.
const FORMAT = 'edu-mock-bundle-2';
// One cache per checkout: node_modules may be shared between copies of the repository. EDU_MOCK_CACHE_DIR
// puts it elsewhere (the tests use a folder of their own), inside node_modules, where the bundle's imports
// of packages resolve.
const cacheDir =
  process.env.EDU_MOCK_CACHE_DIR || join(root, 'node_modules', '.cache', 'edu-mock', createHash('sha256').update(root).digest('hex').slice(0, 12));
const manifest = join(cacheDir, 'manifest.json');
// An older build is removed once it is this old: a server started from it has long loaded its chunks.
const KEEP_OLD_BUILD_MS = 10 * 60_000;

/** The size and modification time of a file, or undefined when it is gone. */
function stamp(file) {
  try {
    const stat = statSync(file);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** The cached bundle's entry when it was built, with these options, from the files as they are now. */
function freshBundle() {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(manifest, 'utf8'));
  } catch {
    return undefined;
  }
  const bundle = join(cacheDir, String(recorded.build), 'server.mjs');
  if (recorded.format !== FORMAT || stamp(bundle) === undefined) return undefined;
  return Object.entries(recorded.inputs).every(([file, was]) => stamp(file) === was) ? bundle : undefined;
}

async function build() {
  // esbuild comes with tsx (a dev dependency): resolve it from there, wherever npm put it.
  const { build: esbuild, stop } = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild');
  const { readFile } = await import('node:fs/promises');
  // Every module keeps its own import.meta.url (they find the spec, pages and packages next to themselves).
  // Each file is stamped before it is read: one edited during the build then counts as changed next time.
  const stamps = new Map();
  const ownUrls = {
    name: 'own-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        stamps.set(args.path, stamp(args.path));
        const source = await readFile(args.path, 'utf8');
        const contents = source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
        return { contents, loader: 'ts' };
      });
    },
  };
  const build = `build-${randomBytes(6).toString('hex')}`;
  const outdir = join(cacheDir, build);
  mkdirSync(outdir, { recursive: true });
  // esbuild builds in a service process of its own: stopped once done, so it does not idle beside the server.
  const result = await esbuild({
    entryPoints: { server: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'error',
    plugins: [ownUrls],
  }).finally(stop);
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = resolve(root, input);
    inputs[file] = stamps.get(file) ?? stamp(file);
  }
  // Each build has a folder of its own and the manifest is renamed into place: a start running meanwhile
  // sees the old build or the new one, never half of one.
  const temporary = `${manifest}.${build}.tmp`;
  writeFileSync(temporary, JSON.stringify({ format: FORMAT, build, inputs }));
  renameSync(temporary, manifest);
  for (const name of readdirSync(cacheDir)) {
    const old = join(cacheDir, name);
    if (name === basename(outdir) || !name.startsWith('build-')) continue;
    try {
      if (statSync(old).mtimeMs < statSync(manifest).mtimeMs - KEEP_OLD_BUILD_MS) rmSync(old, { recursive: true, force: true });
    } catch {
      // another start removed it
    }
  }
  return join(outdir, 'server.mjs');
}

// `npm ci` / `npm install` build it ahead (the `prepare` script), so even a fresh clone's first start has it.
// A failure there only says so: the start builds it, or runs through tsx.
if (process.argv.includes('--build-only')) {
  try {
    if (!freshBundle()) await build();
    process.stdout.write('edu-mock: the cached bundle of the server is ready (node_modules/.cache/edu-mock)\n');
  } catch (error) {
    process.stderr.write(`edu-mock: the cached bundle could not be built now (npm start will try again): ${String(error?.message ?? error).split('\n')[0]}\n`);
  }
  process.exit(0);
}

let bundle = freshBundle();
if (!bundle) {
  try {
    bundle = await build();
  } catch (error) {
    process.stderr.write(`mock: running through tsx (the cached bundle could not be built: ${String(error?.message ?? error).split('\n')[0]})\n`);
  }
}
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(entry).href);
}
