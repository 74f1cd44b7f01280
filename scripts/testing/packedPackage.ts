/**
 * The package as `npm run package` packs it, built once per content of the sources and kept in the system's
 * temporary folder: tests that install the tarball (a page built from the installed package, the bench of its
 * browser bundle) share one build per run, and a later run with unchanged sources reuses it. Building takes
 * a minute or two; installing the tarball and its dependencies from npm's cache, a few seconds more.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../packageContents.ts';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const CACHE = join(tmpdir(), 'edu-platform-contract-packs');
/** How long another process's build is waited for, in polls of a second (a build takes one to three minutes). */
const WAIT_POLLS = 400;

/** A hash of every source file the package is built from (tests and their helpers excluded): the same sources, the same tarball. */
export async function sourcesHash(): Promise<string> {
  const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  const hash = createHash('sha256');
  for (const file of stdout.split('\0').sort()) {
    if (
      file === '' ||
      file.endsWith('.test.ts') ||
      file.startsWith('scripts/testing/') ||
      !existsSync(join(ROOT, file)) ||
      !statSync(join(ROOT, file)).isFile()
    )
      continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The path of the packed tarball for the current sources, packing it if no run has yet. */
export async function packedTarball(): Promise<string> {
  const key = await sourcesHash();
  const tarball = join(CACHE, `${key}.tgz`);
  if (existsSync(tarball)) return tarball;
  mkdirSync(CACHE, { recursive: true });
  const lock = join(CACHE, `${key}.lock`);
  try {
    mkdirSync(lock);
  } catch {
    // Another test process is packing these sources: wait for its tarball.
    for (let i = 0; i < WAIT_POLLS && !existsSync(tarball); i++) await new Promise((resolve) => setTimeout(resolve, 1000));
    if (existsSync(tarball)) return tarball;
    throw new Error(`packedPackage: ${lock} is held and no tarball came; remove it if no test is running`);
  }
  try {
    const out = join(lock, 'out');
    mkdirSync(out);
    await run(npm, ['run', 'package', '--silent', '--', '--pack-destination', out], { cwd: ROOT, timeout: 400_000 });
    const packed = readdirSync(out).find((f) => f.endsWith('.tgz'));
    if (!packed) throw new Error('packedPackage: npm run package wrote no tarball');
    // Renamed into place in one step: a reader sees the whole tarball or none.
    renameSync(join(out, packed), tarball);
    return tarball;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The tarball installed in `dir` (created if needed, with a package.json of its own) beside `extra` packages
 * (exact versions), from npm's cache where it has them; install scripts are not run.
 */
export async function installPacked(dir: string, extra: readonly string[] = []): Promise<void> {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"name":"installed-package-check","private":true}\n');
  const tarball = await packedTarball();
  await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball, ...extra], { cwd: dir, timeout: 300_000 });
}
