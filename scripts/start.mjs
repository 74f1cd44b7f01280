// npm start: runs mock/server.ts from one cached JavaScript bundle in this very process, plain JavaScript so
// that no TypeScript loader starts first. Loading the ~170 TypeScript modules through tsx took about half of
// the start (its loader runs in a worker and answers every import through it); one bundle of them, with the
// packages left as imports, loads in a few tens of ms.
//
// The bundle lives in node_modules/.cache/edu-mock/ with the size and modification time of every file it
// was built from; a start stats those files (a few ms) and rebuilds with esbuild (tsx's own, ~0.3 s) when
// any differs, so an edit is always picked up, on a fresh clone the first start builds it. If it cannot be
// built or written, the server runs through tsx as before. `npm run dev` keeps tsx's watch mode.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'mock', 'server.ts');
// Bump when the build options below change, so an old bundle is not reused.
const FORMAT = 'edu-mock-bundle-1';
// One bundle per checkout: node_modules may be shared between copies of the repository.
const cacheDir = join(root, 'node_modules', '.cache', 'edu-mock', createHash('sha256').update(root).digest('hex').slice(0, 12));
const bundle = join(cacheDir, 'server.mjs');
const manifest = join(cacheDir, 'server.inputs.json');

/** The size and modification time of a file, or undefined when it is gone. */
function stamp(file) {
  try {
    const stat = statSync(file);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** True when the cached bundle was built, with these options, from the files as they are now. */
function isFresh() {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(manifest, 'utf8'));
  } catch {
    return false;
  }
  if (recorded.format !== FORMAT || stamp(bundle) === undefined) return false;
  return Object.entries(recorded.inputs).every(([file, was]) => stamp(file) === was);
}

async function build() {
  // esbuild comes with tsx (a dev dependency): resolve it from there, wherever npm put it.
  const { build: esbuild } = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild');
  const { readFile } = await import('node:fs/promises');
  // Every module keeps its own import.meta.url (they find the spec, pages and packages next to themselves).
  const ownUrls = {
    name: 'own-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const url = pathToFileURL(args.path).href;
        const contents = source
          .replaceAll('import.meta.url', JSON.stringify(url))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
        return { contents, loader: 'ts' };
      });
    },
  };
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${bundle}.${process.pid}.tmp`;
  const result = await esbuild({
    entryPoints: [entry],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    sourcesContent: false,
    metafile: true,
    logLevel: 'error',
    plugins: [ownUrls],
  });
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = resolve(root, input);
    inputs[file] = stamp(file);
  }
  // Renamed into place: a start running meanwhile sees the old pair or the new one, never half a file.
  renameSync(temporary, bundle);
  writeFileSync(`${manifest}.${process.pid}.tmp`, JSON.stringify({ format: FORMAT, inputs }));
  renameSync(`${manifest}.${process.pid}.tmp`, manifest);
}

let runBundle = isFresh();
if (!runBundle) {
  try {
    await build();
    runBundle = true;
  } catch (error) {
    process.stderr.write(`mock: running through tsx (the cached bundle could not be built: ${error.message.split('\n')[0]})\n`);
  }
}
// Stack traces name the TypeScript files and lines, as under tsx.
process.setSourceMapsEnabled(true);
if (runBundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(entry).href);
}
