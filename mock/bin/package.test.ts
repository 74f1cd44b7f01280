/**
 * The package as a partner meets it, who has nothing else: `npm run package` (which builds dist/, the package's
 * root), the tarball installed into an empty folder (dependencies from npm's cache where it has them, else the npm
 * registry), then, with no TypeScript toolchain installed there: `--help` and `--version` of both bins, every
 * file the code reads at run time and every file the README names, `edu-mock --port 0`, `npx edu-conform`
 * against it, and against an implementation other than the mock (the suite's test target, which answers statuses
 * the spec does not document: a 404 for an operation it lacks), and `npx edu-mock proxy` in front of both, killed
 * by its process id. Where the tarball cannot be installed (no registry, no cache) the tests say so and skip.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { parse, stringify } from 'yaml';
import type { TargetOptions } from '../../conformance/testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from '../../conformance/testing/target/startTestTarget.ts';
import { packageFiles } from '../../scripts/packageContents.ts';
import { INSTALLED_PREFIX, npmScriptsNamed, readmePaths } from '../../scripts/packageReadme.ts';
import { runtimeReads } from '../../scripts/runtimeReads.ts';
import { packedTarball } from '../../scripts/testing/packedPackage.ts';
import { freedWithin, portFree } from '../../scripts/testing/portFreed.ts';
import { waitForListening } from '../../scripts/testing/waitForListening.ts';
import { SUBCOMMANDS } from '../cli/subcommands.ts';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'edu-pack-'));
const app = join(work, 'app');
const pkgDir = join(app, INSTALLED_PREFIX);
const bin = join(app, 'node_modules', '.bin');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const PROXY_BANNER = /Validating proxy on (http:\/\/\S+)/;
const spawned: ChildProcess[] = [];
const targets: TestTarget[] = [];
let installError: string | undefined;
/** What scripts/packageContents.ts says the package holds, asked before and after it was built. */
const listed: Array<Set<string>> = [];

type Failure = { code?: number; stdout?: string; stderr?: string };
interface Finding {
  check: string;
  severity: string;
  source?: { kind: string; text: string };
}
interface Report {
  certificate: { suite: { version: string }; result: string };
  cases: Array<{ area: string; title: string; status: string; failures: Finding[]; warnings: Finding[] }>;
}

/** A run's verdicts, each case's outcome and what it found, by rule and the rule's source: comparable across runs. */
function verdicts(report: Report): string[] {
  const line = (kind: string, f: Finding): string => `${kind} ${f.check} ${f.severity} ${f.source?.text ?? ''} ${f.source?.kind ?? ''}`;
  return [
    ...new Set(
      report.cases.flatMap((c) => [
        `case ${c.area} ${c.title} ${c.status}`,
        ...c.failures.map((f) => line('failure', f)),
        ...c.warnings.map((f) => line('warning', f)),
      ]),
    ),
  ].sort();
}

/** A process of the test, in a process group of its own, so whatever it leaves is stopped afterwards. */
function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { cwd: app, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  spawned.push(child);
  return child;
}

/** The installed `edu-conform` against a target, with its reports; the exit code, output and JSON report. */
async function conform(name: string, baseUrl: string, config: string, extra: string[] = []) {
  const json = join('out', `${name}.json`);
  const result = await run(npx, ['--no-install', 'edu-conform', '--base-url', baseUrl, '--config', config, '--seed', '7', '--json', json, ...extra], {
    cwd: app,
    timeout: 240_000,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: Failure) => error);
  const report = JSON.parse(readFileSync(join(app, json), 'utf8')) as Report;
  return { code: 'code' in result ? (result.code ?? 0) : 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`, report };
}

/** A user's ESM script in the folder the package is installed in: each Node entry point imported by name and used. */
const ENTRIES_SCRIPT = `import { createMock } from 'edu-platform-contract';
import { mockMiddleware, startMock } from 'edu-platform-contract/node';
import { eduMock } from 'edu-platform-contract/vite';
import express from 'express';

const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
const out = {};
const mock = createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
const res = await mock.fetch(new Request('http://x/v1/groups', { headers }));
out.createMock = [res.status, (await res.json()).length];

const app = express();
app.use('/api', mockMiddleware());
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const viaExpress = await fetch(\`http://127.0.0.1:\${server.address().port}/api/v1/groups?limit=3\`, { headers });
out.mockMiddleware = [viaExpress.status, (await viaExpress.json()).length];
server.closeAllConnections();
await new Promise((r) => server.close(r));

const running = await startMock({ port: 0 });
const viaServer = await fetch(\`\${running.url}/v1/groups?limit=4\`, { headers });
out.startMock = [viaServer.status, (await viaServer.json()).length, new URL(running.url).hostname];
await running.close();

const plugin = eduMock();
const used = [];
plugin.configureServer({ middlewares: { use: (route, handle) => used.push([route, typeof handle]) } });
out.eduMock = [plugin.name, used];
console.log(JSON.stringify(out));
`;

/** The same with Mock Service Worker's setupServer, msw installed beside the package as its peer. */
const MSW_SCRIPT = `import { createMock } from 'edu-platform-contract';
import { mockHandlers } from 'edu-platform-contract/msw';
import { setupServer } from 'msw/node';

const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
const server = setupServer(...mockHandlers(createMock(), { baseUrl: 'https://api.example.test/base' }));
server.listen({ onUnhandledRequest: 'error' });
const res = await fetch('https://api.example.test/base/v1/groups?limit=2', { headers });
console.log(JSON.stringify([res.status, (await res.json()).length]));
server.close();
`;

/**
 * A user's TypeScript: createMock's types from \`.\`, the contract's from \`./types\`. Each \`@ts-expect-error\`
 * fails the check when the type it guards is \`any\` (a declaration that did not resolve).
 */
const TYPES_CHECK = `import { createMock, type Mock, type MockOptions } from 'edu-platform-contract';
import type { components, paths } from 'edu-platform-contract/types';

type Groups = paths['/v1/groups']['get']['responses'][200]['content']['application/json'];
const options: MockOptions = { seed: 1, clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } };
const mock: Mock = createMock(options);
export async function firstGroupName(): Promise<string | undefined> {
  const groups = (await (await mock.fetch(new Request('http://x/v1/groups'))).json()) as Groups;
  const first: components['schemas']['Group'] | undefined = groups[0];
  return first?.name;
}
// @ts-expect-error a seed is a number
createMock({ seed: 'one' });
// @ts-expect-error the contract has no such path
export type Nope = paths['/v1/nope'];
`;

/** A partner's vitest file: the whole of it (the test target's URL comes from the environment). */
const PARTNER_TEST = `import { describeConformance } from 'edu-platform-contract/vitest';

const baseUrl = process.env.TARGET_URL;
const only = { areas: ['groups' as const], generate: false as const };
describeConformance({ baseUrl, configFile: 'partner.json', seed: 7, ...only });
`;

/** The programmatic API from a script: the report's one verdict and its markdown summary. */
const API_SCRIPT = `import { runConformance } from 'edu-platform-contract/conformance';

const report = await runConformance({ baseUrl: process.env.TARGET_URL, configFile: 'partner.json', seed: 7, areas: ['groups'], generate: false });
console.log(JSON.stringify({ verdict: report.verdict.result, heading: report.toMarkdown().split('\\n')[0] }));
`;

function skipUnlessInstalled(ctx: TestContext): void {
  if (installError === undefined) return;
  console.warn(`package.test.ts: the tarball could not be installed (no registry or cache here?); skipped: ${installError}`);
  ctx.skip();
}

beforeAll(async () => {
  listed.push(packageFiles());
  // `npm run package`, once per content of the sources for every test that installs the tarball (packedPackage).
  const tarball = await packedTarball();
  listed.push(packageFiles());
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), '{"name":"pack-check","private":true}');
  try {
    await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
      cwd: app,
      timeout: 150_000,
    });
  } catch (error) {
    installError = (error as Error).message.split('\n')[0];
  }
}, 400_000);

afterAll(async () => {
  for (const child of spawned) {
    const exited = child.exitCode !== null || child.signalCode !== null;
    const exit = exited ? undefined : once(child, 'exit');
    // Its whole process group: what it left behind too (a server that outlived npx, when a test fails).
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // the group is gone: nothing left
    }
    await exit;
  }
  await Promise.all(targets.map((t) => t.close()));
  rmSync(work, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('installs without TypeScript, with its licence, and says what it is', async (ctx) => {
    skipUnlessInstalled(ctx);
    expect(existsSync(join(app, 'node_modules', 'typescript'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
    const installed = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed).not.toHaveProperty('private');
    expect(installed).not.toHaveProperty('scripts');
    expect(installed).not.toHaveProperty('devDependencies');
    expect(installed.license).toBe('MIT');
    expect(readFileSync(join(pkgDir, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 edu-platform-contract authors/);
    for (const name of ['edu-mock', 'edu-conform']) {
      const version = await run(process.execPath, [join(bin, name), '--version'], { cwd: app, timeout: 30_000 });
      expect(version.stdout.trim()).toBe(`edu-platform-contract ${installed.version as string}`);
    }
  });

  it('holds every file its code reads at run time, and every file its README names', (ctx) => {
    skipUnlessInstalled(ctx);
    // Exactly what scripts/packageContents.ts says, the list the unit checks of reads and README paths ask.
    const walk = (dir: string, at = ''): string[] =>
      readdirSync(join(dir, at), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? (at === '' && e.name === 'node_modules' ? [] : walk(dir, `${at}${e.name}/`)) : [`${at}${e.name}`],
      );
    // (A file added or removed while it was built, in a checkout being worked in, may or may not be in it.)
    const [before, after] = listed as [Set<string>, Set<string>];
    const held = new Set(walk(pkgDir));
    expect([...before].filter((f) => after.has(f) && !held.has(f))).toEqual([]);
    expect([...held].filter((f) => !before.has(f) && !after.has(f))).toEqual([]);
    const { reads } = runtimeReads();
    const missing = reads.filter((r) => !r.path.startsWith('../') && !existsSync(join(pkgDir, r.path))).map((r) => `${r.path} (${r.module}:${r.line})`);
    expect(missing).toEqual([]);
    const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
    expect(npmScriptsNamed(readme)).toEqual([]);
    const { inPackage, unprefixed } = readmePaths(readme);
    expect(inPackage.length).toBeGreaterThan(0);
    // As a reader types them, from the folder the package was installed in.
    expect(inPackage.filter((p) => !existsSync(join(pkgDir, p)))).toEqual([]);
    expect(unprefixed.filter((p) => existsSync(join(root, p)))).toEqual([]);
  });

  it('lists every command in --help, each named as the package runs it', async (ctx) => {
    skipUnlessInstalled(ctx);
    const help = await run(process.execPath, [join(bin, 'edu-mock'), '--help'], { cwd: app, timeout: 30_000 });
    expect(help.stdout).toMatch(/^usage: edu-mock \[options\]/);
    for (const flag of ['--port', '--host', '--seed', '--size', '--state-file', '--clock', '--frozen', '--faults', '--quiet', '--public-url'])
      expect(help.stdout).toContain(flag);
    for (const sub of SUBCOMMANDS) {
      expect(help.stdout).toContain(`edu-mock ${sub.name} ${sub.args}`);
      const own = await run(process.execPath, [join(bin, 'edu-mock'), sub.name, '--help'], { cwd: app, timeout: 30_000 });
      expect(own.stdout).toMatch(new RegExp(`^Usage: edu-mock ${sub.name} `));
      expect(own.stdout).not.toContain('npm run');
    }
    expect(help.stdout).not.toContain('npm run');
    const conformHelp = await run(process.execPath, [join(bin, 'edu-conform'), '--help'], { cwd: app, timeout: 30_000 });
    expect(conformHelp.stdout).toMatch(/^Usage: edu-conform --base-url URL/);
    expect(conformHelp.stdout).not.toContain('npm run conform');
  });

  it('edu-conform spec-diff OLD NEW: 0 unchanged, 1 on a breaking change (with --json), 2 on bad usage', { timeout: 120_000 }, async (ctx) => {
    skipUnlessInstalled(ctx);
    // The contract the package ships, and a copy of it without getGroup: a removal breaks clients.
    const shipped = join(pkgDir, 'spec', 'openapi.yaml');
    const doc = parse(readFileSync(shipped, 'utf8'), { maxAliasCount: 10_000 }) as { paths: Record<string, unknown> };
    delete doc.paths['/v1/groups/{groupId}'];
    const edited = join(work, 'edited.yaml');
    writeFileSync(edited, stringify(doc, { aliasDuplicateObjects: false }));
    const diff = async (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
      try {
        // The installed bin itself (npx adds a second or more per call and nothing under test).
        const { stdout, stderr } = await run(process.execPath, [join(bin, 'edu-conform'), 'spec-diff', ...args], { cwd: app, timeout: 60_000 });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const e = error as Failure;
        return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
      }
    };
    const same = await diff([shipped, shipped]);
    expect(same.code, same.stderr).toBe(0);
    const json = join(work, 'spec-diff.json');
    const broken = await diff([shipped, edited, '--json', json]);
    expect(broken.code, broken.stderr).toBe(1);
    expect(broken.stdout).toMatch(/api-operation-removed/);
    const result = JSON.parse(readFileSync(json, 'utf8')) as { breaking: boolean; changes: Array<{ rule: string; operationId?: string }> };
    expect(result.breaking).toBe(true);
    expect(result.changes.map((c) => c.rule)).toContain('api-operation-removed');
    const usage = await diff([join(work, 'nowhere.yaml'), shipped]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/nowhere\.yaml/);
  });

  it('runs edu-mock, edu-conform against it as the README shows, and edu-mock proxy in front of it', { timeout: 400_000 }, async (ctx) => {
    skipUnlessInstalled(ctx);
    const mock = start(process.execPath, [join(bin, 'edu-mock'), '--port', '0', '--host', '127.0.0.1', '--quiet']);
    const base = await waitForListening(mock);
    const spec = (await (await fetch(`${base}/openapi.json`)).json()) as { servers: Array<{ url: string }> };
    expect(spec.servers[0]?.url).toBe(base);
    expect((await fetch(`${base}/docs/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await fetch(`${base}/__mock/ui`)).status).toBe(200);
    const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
    expect((await fetch(`${base}/v1/groups?limit=1`, { headers })).status).toBe(200);
    // The README's curl lines as written, run from the folder the package is installed in (its sample bodies
    // are read from there): each must be answered below 400.
    const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
    const curls = [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)]
      .map((m) => (m[1] as string).replace(/\\\n\s*/g, ' '))
      .filter((block) => /^curl /m.test(block))
      .map((block) => block.split('http://localhost:4010').join(base));
    expect(curls).toHaveLength(1);
    await run('bash', ['-c', `set -eo pipefail\ncurl() { command curl --fail-with-body --max-time 20 "$@"; }\n${curls[0] as string}`], {
      cwd: app,
      timeout: 60_000,
    });

    const { code, output, report } = await conform('mock', base, `${INSTALLED_PREFIX}fixtures/conform.mock.json`, ['--html', 'out/mock.html']);
    expect(output).not.toMatch(/internal error|step-error|ENOENT/);
    expect(code).toBe(0);
    expect(report.certificate.suite.version).toBe(JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version);
    expect(report.certificate.result).toBe('pass');
    expect(readFileSync(join(app, 'out', 'mock.html'), 'utf8')).toMatch(/^<!doctype html>/i);

    // The validating proxy as docs/replay-and-proxy.md starts it from the package: `npx edu-mock proxy --upstream URL`.
    const proxy = start(npx, ['--no-install', 'edu-mock', 'proxy', '--upstream', base, '--port', '0', '--host', '127.0.0.1']);
    const proxied = await waitForListening(proxy, { pattern: PROXY_BANNER });
    const through = await fetch(`${proxied}/v1/groups?limit=1`, { headers });
    expect(through.status).toBe(200);
    expect(through.headers.get('x-contract-violations')).toBeNull();
    const journal = (await (await fetch(`${proxied}/__mock/journal`)).json()) as Array<{ operationId?: string; status?: number }>;
    expect(journal.map((e) => [e.operationId, e.status])).toEqual([['listGroups', 200]]);
  });

  // Implementations other than the mock, which answer statuses the spec does not document: every such answer is
  // judged by a rule of spec/DECISIONS.md, which the package must have. The verdicts must be the ones the suite
  // gives from the source, on a fresh target of the same options, with the same seed: real verdicts, and no step
  // that could not complete.
  it.for<[string, TargetOptions, number]>([
    ['a 202 upload with no body, 403 for a bad token', { upload: '202-empty', badTokenStatus: 403, errorType: 'application/json' }, 0],
    ['a rate limiter (429) and the fault deleted-group-unreadable', { rateLimitEvery: 7, faults: ['deleted-group-unreadable'] }, 1],
  ])('edu-conform judges the test target with %s as the suite does from source', { timeout: 400_000 }, async ([name, options, exitCode], ctx) => {
    skipUnlessInstalled(ctx);
    const file = name.replace(/\W+/g, '-');
    const installed = await startTestTarget(options);
    targets.push(installed);
    writeFileSync(join(app, `${file}.json`), JSON.stringify(installed.config));
    const got = await conform(file, installed.url, `${file}.json`);
    expect(got.output).not.toMatch(/step-error|ENOENT|internal error/);
    expect(got.code).toBe(exitCode);

    const fresh = await startTestTarget(options);
    targets.push(fresh);
    writeFileSync(join(work, `${file}.json`), JSON.stringify(fresh.config));
    const source = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'conformance/cli.ts',
        '--base-url',
        fresh.url,
        '--config',
        join(work, `${file}.json`),
        '--seed',
        '7',
        '--json',
        join(work, `${file}.report.json`),
      ],
      { cwd: root, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: Failure) => error);
    expect('code' in source ? source.code : 0).toBe(exitCode);
    const want = JSON.parse(readFileSync(join(work, `${file}.report.json`), 'utf8')) as Report;
    expect(verdicts(got.report)).toEqual(verdicts(want));
    // Rules of our decisions were applied (the file the package once lacked), as warnings.
    expect(verdicts(got.report).some((v) => v.startsWith('warning') && v.endsWith('decision'))).toBe(true);
  });

  // A partner's own vitest file, five lines, from the installed package (vitest beside it, its optional peer),
  // gating an implementation other than the mock: the verdict and the failed checks are edu-conform's for the
  // same seed (each run on a fresh target of the same options); `-t` selects one operation; the ./conformance
  // API gives the same verdict from a script.
  it("describeConformance and runConformance from the installed package give edu-conform's verdict for the same seed", { timeout: 400_000 }, async (ctx) => {
    skipUnlessInstalled(ctx);
    try {
      await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', 'vitest@4.1.12'], { cwd: app, timeout: 180_000 });
    } catch (error) {
      console.warn(`package.test.ts: vitest could not be installed beside the package; ./vitest not run: ${(error as Error).message.split('\n')[0]}`);
      return;
    }
    const options: TargetOptions = { faults: ['ignores-name-filter'] };
    const partner = await startTestTarget(options);
    targets.push(partner);
    writeFileSync(join(app, 'partner.json'), JSON.stringify(partner.config));
    writeFileSync(join(app, 'partner.test.ts'), PARTNER_TEST);
    const env = { ...process.env, TARGET_URL: partner.url };
    const vitest = async (name: string, extra: string[] = []) => {
      const out = join('out', `${name}.json`);
      const result = await run(npx, ['--no-install', 'vitest', 'run', 'partner.test.ts', '--reporter=json', `--outputFile=${out}`, ...extra], {
        cwd: app,
        env,
        timeout: 240_000,
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: Failure) => error);
      const json = JSON.parse(readFileSync(join(app, out), 'utf8')) as {
        testResults: Array<{ assertionResults: Array<{ ancestorTitles: string[]; title: string; status: string; failureMessages: string[] }> }>;
      };
      return { code: 'code' in result ? (result.code ?? 0) : 0, tests: json.testResults.flatMap((r) => r.assertionResults) };
    };
    const gated = await vitest('partner');
    expect(gated.code).toBe(1);
    const failedTests = gated.tests.filter((t) => t.status === 'failed');
    const filter = failedTests.find((t) => t.ancestorTitles.at(-1) === 'listGroups' && t.title === 'filter-matches');
    expect(filter?.failureMessages.join('\n')).toMatch(/\[MUST\] filter-matches: [\s\S]*expected: [\s\S]*actual: [\s\S]*reproduce: curl /);
    expect(failedTests.map((t) => t.title)).toContain('verdict');

    const fresh = await startTestTarget(options);
    targets.push(fresh);
    writeFileSync(join(app, 'fresh.json'), JSON.stringify(fresh.config));
    const cli = await conform('partner-cli', fresh.url, 'fresh.json', ['--only', 'groups', '--no-generate']);
    expect(cli.code).toBe(1);
    expect(cli.report.certificate.result).toBe('fail');
    const cliFailed = [
      ...new Set(
        cli.report.cases.flatMap((c) =>
          (c as { failures: Array<Finding & { exchange?: { operationId?: string } }> }).failures.map((f) => `${f.exchange?.operationId} ${f.check}`),
        ),
      ),
    ].sort();
    expect(
      failedTests
        .filter((t) => t.title !== 'verdict')
        .map((t) => `${t.ancestorTitles.at(-1)} ${t.title}`)
        .sort(),
    ).toEqual(cliFailed);

    // `vitest -t listGroups`: the run is the same, only that operation's tests are run.
    const selected = await vitest('partner-t', ['-t', 'listGroups']);
    const ran = selected.tests.filter((t) => t.status === 'passed' || t.status === 'failed');
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.every((t) => t.ancestorTitles.includes('listGroups'))).toBe(true);

    writeFileSync(join(app, 'api.mjs'), API_SCRIPT);
    const api = await run(process.execPath, ['api.mjs'], { cwd: app, env, timeout: 120_000 });
    expect(JSON.parse(api.stdout)).toEqual({
      verdict: 'fail',
      heading: expect.stringMatching(/^## ✗ Not conformant: http\\:\\\/\\\/127\\\.0\\\.0\\\.1\\:\d+$/),
    });
  });

  it('edu-mock proxy passes an undocumented status through, and frees its port when npx is killed by its pid', { timeout: 120_000 }, async (ctx) => {
    skipUnlessInstalled(ctx);
    // A 202 with no body for the upload: a legitimate answer the spec does not document (its success is a decision).
    const target = await startTestTarget({ upload: '202-empty' });
    targets.push(target);
    const proxy = start(npx, ['--no-install', 'edu-mock', 'proxy', '--upstream', target.url, '--port', '0', '--host', '127.0.0.1']);
    const proxied = await waitForListening(proxy, { pattern: PROXY_BANNER });
    const upload = await fetch(`${proxied}/v2/sync/run-001/uploadEntities`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target.config.token as string}`,
        'community-id': target.config.community as string,
        'content-type': 'application/json',
      },
      body: '{"groups":{"data":[]}}',
    });
    // The upstream's answer as it is (not a 502 of the proxy's own), flagged.
    expect(upload.status).toBe(202);
    expect(upload.headers.get('x-contract-violations')).toContain('status-documented');
    const journal = (await (await fetch(`${proxied}/__mock/journal`)).json()) as Array<{ operationId?: string; status?: number }>;
    expect(journal.map((e) => [e.operationId, e.status])).toEqual([['uploadSyncEntities', 202]]);

    const port = Number(new URL(proxied).port);
    expect(await portFree(port)).toBe(false);
    const exit = once(proxy, 'exit');
    // npx's own process only, as `kill <pid>` does: not its process group.
    proxy.kill('SIGTERM');
    await exit;
    expect(await freedWithin(port)).toBe(true);
  });

  it(
    'edu-mock mcp runs from the installed package: a client over stdio reads an operation with its decisions and the spec, and gets the suite verdict',
    { timeout: 120_000 },
    async (ctx) => {
      skipUnlessInstalled(ctx);
      const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
      const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
      // The compiled bin, as `npx edu-mock mcp` runs it: its own dependencies from the install folder.
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [join(bin, 'edu-mock'), 'mcp', '--port', '0', '--quiet'],
        cwd: app,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'package-test', version: '1' });
      await client.connect(transport);
      try {
        type Structured = { structuredContent: Record<string, unknown>; isError?: boolean };
        const described = (await client.callTool({ name: 'describe_operation', arguments: { operationId: 'approveAppInstallation' } })) as Structured;
        expect((described.structuredContent.decisions as unknown[]).length).toBeGreaterThan(0);
        const spec = await client.readResource({ uri: 'edu-mock://spec/openapi' });
        expect((spec.contents[0] as { text: string }).text).toMatch(/openapi: 3\.1/);
        const verdict = (await client.callTool({ name: 'run_conformance', arguments: { areas: ['installations'], generate: 0 } })) as Structured;
        expect(verdict.structuredContent).toMatchObject({ verdict: 'pass', failures: [] });
      } finally {
        await client.close();
      }
    },
  );

  it(
    'its entry points, imported by name from the installed package, answer (., ./node, ./vite, ./msw) and type-check (., ./types)',
    { timeout: 240_000 },
    async (ctx) => {
      skipUnlessInstalled(ctx);
      writeFileSync(join(app, 'entries.mjs'), ENTRIES_SCRIPT);
      const entries = await run(process.execPath, ['entries.mjs'], { cwd: app, timeout: 60_000 });
      expect(JSON.parse(entries.stdout)).toEqual({
        createMock: [200, expect.any(Number)],
        mockMiddleware: [200, 3],
        startMock: [200, 4, '127.0.0.1'],
        eduMock: ['edu-mock', [['/api', 'function']]],
      });

      // A deep import is not an entry point: the exports map closes the package.
      writeFileSync(join(app, 'deep.mjs'), "import 'edu-platform-contract/mock/inprocess/createMock.js';\n");
      const deep = await run(process.execPath, ['deep.mjs'], { cwd: app, timeout: 30_000 }).catch((error: Failure) => error);
      expect(`${deep.stderr ?? ''}`).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');

      // TypeScript from the repository (the folder has none), as a user's project with skipLibCheck (Vite's and Next's templates).
      mkdirSync(join(app, 'typed'), { recursive: true });
      writeFileSync(join(app, 'typed', 'package.json'), '{"type":"module"}');
      writeFileSync(join(app, 'typed', 'check.ts'), TYPES_CHECK);
      const compilerOptions = {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM'],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      };
      writeFileSync(join(app, 'typed', 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }));
      const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
      const checked = await run(process.execPath, [tsc, '-p', join(app, 'typed')], { cwd: app, timeout: 120_000 }).catch((error: Failure) => error);
      expect(`${checked.stdout ?? ''}${checked.stderr ?? ''}`).toBe('');

      // msw, the optional peer, from npm's cache where it has it (else the registry), into the same folder.
      try {
        await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', 'msw@2.15.0'], { cwd: app, timeout: 120_000 });
      } catch (error) {
        console.warn(`package.test.ts: msw could not be installed beside the package; ./msw not run: ${(error as Error).message.split('\n')[0]}`);
        return;
      }
      writeFileSync(join(app, 'msw.mjs'), MSW_SCRIPT);
      const msw = await run(process.execPath, ['msw.mjs'], { cwd: app, timeout: 60_000 });
      expect(JSON.parse(msw.stdout)).toEqual([200, 2]);
    },
  );
});
