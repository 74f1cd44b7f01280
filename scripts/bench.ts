/**
 * npm run bench: the mock side by side with what a user would compare it to, in one run on loopback.
 *   - raw: a bare node:http server answering the mock's own bytes for each request (the ceiling);
 *   - Prism's static mock of spec/openapi.yaml (`prism mock -v silent`);
 *   - the mock as `npm start` serves it (the one lifecycle on node:http, no Express);
 *   - the mock as createApp() gives it to an embedding Express app (the same lifecycle behind Express's dispatch).
 * Each is driven by autocannon in a process of its own, on the same requests (the upload renames every entity
 * on every request, so each one writes); the steady figure is the
 * server's CPU per request (from /proc), reported as ratios to raw and to Prism measured in this run.
 *   npm run bench -- [--seconds 3] [--connections 10] [--entities 10000] [--rounds 1] [--quick] [--out reports]
 *                    [--targets standalone,raw,prism,express] [--baseline DIR]
 * --targets runs only the servers listed (standalone always: its answers are what raw replays). --baseline DIR
 * also starts another checkout of this project (with its own node_modules, e.g. a git worktree of an older
 * commit) exactly as npm start runs it, as target `baseline`, and measures it interleaved with the standalone
 * mock (each request on both, in turn, the order swapped every round), so both meet the same machine; the
 * table gains "× before" and the targets whether every read stayed within 5% of it.
 * With --rounds N every request is measured N times on each server (all its requests, then again) and the round
 * with the least CPU per request is kept: noise on a shared machine only ever adds CPU, and a raw server's 18 µs
 * against 34 µs for the same bytes in one run is noise that a single round turns into a ratio.
 * Writes <out>/bench.json and <out>/bench.svg and prints a table ready for the README.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type BenchCase, readCases, readMockConfig } from './bench/benchCases.ts';
import { buildBenchUpload, countEntities } from './bench/benchUpload.ts';
import { describeCheckout } from './bench/describeCheckout.ts';
import { measureLoad } from './bench/measureLoad.ts';
import { parseTargets } from './bench/parseTargets.ts';
import { treeStats } from './bench/procStats.ts';
import {
  type CaseResult,
  checkTargets,
  formatChange,
  formatNumber,
  formatRatio,
  markdownTable,
  ratio,
  TARGET_LABELS,
  TARGET_NAMES,
  type TargetName,
} from './bench/ratios.ts';
import { freePort, type StartedServer, startServer } from './bench/startServer.ts';
import { barChartSvg } from './bench/svgChart.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    connections: { type: 'string', default: '10' },
    entities: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '1' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: 'reports' },
    targets: { type: 'string' },
    baseline: { type: 'string' },
  },
});
const seconds = Number(values.seconds ?? (values.quick ? 1 : 3));
const connections = Number(values.connections);
const entities = Number(values.entities);
const rounds = Number(values.rounds);
if (!(seconds > 0) || !(connections > 0) || !(entities > 0) || !Number.isInteger(rounds) || rounds < 1) {
  console.error('bench: --seconds, --connections and --entities must be positive numbers, --rounds a positive whole number');
  process.exit(2);
}
let targets: TargetName[];
try {
  targets = parseTargets(values.targets, values.baseline !== undefined);
} catch (error) {
  console.error(`bench: ${(error as Error).message}`);
  process.exit(2);
}
const baseline = values.baseline === undefined ? undefined : describeCheckout(resolve(values.baseline));
if (baseline && !existsSync(join(baseline.dir, 'package.json'))) {
  console.error(`bench: --baseline ${values.baseline} is not a checkout of this project (no package.json in ${baseline.dir})`);
  process.exit(2);
}
const labels: Record<TargetName, string> = { ...TARGET_LABELS, ...(baseline ? { baseline: baseline.label } : {}) };
const warmupSeconds = values.quick ? 0.5 : 1;
/** Uploads per target: each carries `entities` entities and takes a good part of a second. */
const uploads = values.quick ? 2 : 5;

const config = readMockConfig(root);
const answersReady = (headers: Record<string, string>) => async (url: string) => (await fetch(`${url}/v1/groups?limit=1`, { headers })).ok;
const mockHeaders = { authorization: `Bearer ${config.token}`, 'community-id': config.community };
const anyAnswer = async (url: string) => (await fetch(`${url}/v1/groups`)).status > 0;

const upload = buildBenchUpload(entities, ' [<id>]');
const uploadCase: BenchCase = {
  name: `sync upload, ${formatNumber(countEntities(upload))} entities`,
  kind: 'upload',
  entities: countEntities(upload),
  request: {
    method: 'POST',
    path: '/v2/sync/bench-run/uploadEntities',
    headers: { ...mockHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(upload),
    idReplacement: true,
  },
};

const running: StartedServer[] = [];
async function start(
  name: string,
  command: string,
  args: string[],
  ready: (url: string) => Promise<boolean>,
  url?: string,
  cwd = root,
): Promise<StartedServer> {
  const server = await startServer(name, command, args, { cwd, ready, url });
  running.push(server);
  return server;
}
async function stopAll(): Promise<void> {
  await Promise.all(running.splice(0).map((s) => s.stop()));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll().then(() => process.exit(130)));

const results: CaseResult[] = [];
const idleRss: Partial<Record<TargetName, number>> = {};
let firstUpload: { ms: number; entitiesPerSecond: number } | undefined;
let baselineFirstUpload: { ms: number; entitiesPerSecond: number } | undefined;
/** The servers that keep state: a round after the first starts them from the seeded data again. */
const stateful: readonly TargetName[] = ['standalone', 'express', 'baseline'];

/**
 * Measures every case on each of `servers`, `rounds` times, keeping each case's best round per target. With more
 * than one server (the mock and the checkout before) they take turns on each request, and the order of the turn
 * is swapped every round: whatever else the machine does then falls on both alike, not on whichever went second.
 */
async function measureTargets(servers: Array<[TargetName, StartedServer]>, cases: BenchCase[]): Promise<void> {
  for (const [target, server] of servers) idleRss[target] = treeStats(server.child.pid as number).rssBytes;
  for (let round = 1; round <= rounds; round++) {
    // Every round starts from the seeded data: the upload of the round before added records the reads would meet.
    if (round > 1) for (const [target, server] of servers) if (stateful.includes(target)) await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
    const turn = round % 2 === 1 ? servers : [...servers].reverse();
    for (const c of cases) {
      for (const [target, server] of turn) {
        // The upload is one large body at a time (a sync client uploads sequentially); reads use all connections.
        const measure = await measureLoad(
          server,
          c.request,
          c.kind === 'upload' ? { seconds, connections: 1, warmupSeconds, amount: uploads } : { seconds, connections, warmupSeconds },
        );
        let result = results.find((r) => r.name === c.name);
        if (!result) results.push((result = { name: c.name, kind: c.kind, entities: c.entities, measures: {} }));
        const kept = result.measures[target];
        if (kept === undefined || (measure.cpuUsPerReq ?? Infinity) < (kept.cpuUsPerReq ?? Infinity)) result.measures[target] = measure;
        console.log(
          `  ${labels[target].padEnd(30)} ${c.name.padEnd(52)}${rounds > 1 ? ` round ${round}` : ''} ${formatNumber(measure.rps).padStart(7)} req/s  p50 ${measure.p50} ms  p99 ${measure.p99} ms  ${formatNumber(measure.cpuUsPerReq).padStart(6)} µs CPU/req${measure.failures ? `  ${measure.failures} non-2xx/errors` : ''}`,
        );
      }
    }
  }
}

/** Sends every case once (the upload timed: new entities into a process just started), then resets the state. */
async function firstPass(server: StartedServer, cases: BenchCase[]) {
  const answers = [];
  let upload: { ms: number; entitiesPerSecond: number } | undefined;
  for (const c of cases) {
    const startedAt = performance.now();
    const res = await fetch(server.url + c.request.path, { method: c.request.method, headers: c.request.headers, body: c.request.body });
    const body = Buffer.from(await res.arrayBuffer());
    if (c.kind === 'upload') {
      const ms = performance.now() - startedAt;
      upload = { ms, entitiesPerSecond: ((c.entities ?? 0) * 1000) / ms };
    }
    if (!res.ok) throw new Error(`${server.name} answered ${res.status} to ${c.name}: ${body.toString().slice(0, 500)}`);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-total-count']) {
      const value = res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    answers.push({ key: `${c.request.method} ${c.request.path}`, status: res.status, headers, body: body.toString('base64') });
  }
  await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
  return { answers, upload };
}

try {
  console.log(
    `bench: ${seconds} s per request, ${rounds === 1 ? '1 round' : `best of ${rounds} rounds`}, ${connections} connections, node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
  );

  // 1. The mock as npm start runs it; its answers become the raw server's script.
  const npmStart = ['start', '--silent', '--', '--port', '0', '--quiet'];
  const standalone = await start('mock (npm start)', 'npm', npmStart, answersReady(mockHeaders));
  const reads = await readCases(standalone.url, config);
  const cases = [...reads, uploadCase];
  const recorded = await firstPass(standalone, cases);
  const answers = recorded.answers;
  firstUpload = recorded.upload;
  console.log(
    `mock: ${reads.length} reads recorded; the first ${uploadCase.name} (new entities, a process just started) took ${formatNumber(firstUpload?.ms)} ms (${formatNumber(firstUpload?.entitiesPerSecond)} entities/s); state reset`,
  );
  if (baseline) {
    // The checkout before, started exactly as npm start runs this one, given the same first pass, then measured
    // in turn with it.
    const before = await start(baseline.label, 'npm', npmStart, answersReady(mockHeaders), undefined, baseline.dir);
    baselineFirstUpload = (await firstPass(before, cases)).upload;
    console.log(
      `${baseline.label}: the same ${cases.length} requests answered; its first upload took ${formatNumber(baselineFirstUpload?.ms)} ms; state reset`,
    );
    await measureTargets(
      [
        ['baseline', before],
        ['standalone', standalone],
      ],
      cases,
    );
  } else await measureTargets([['standalone', standalone]], cases);
  await stopAll();

  // 2. The ceiling: the same bytes from bare node:http.
  if (targets.includes('raw')) {
    const answersFile = join(mkdtempSync(join(tmpdir(), 'bench-')), 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const raw = await start('raw node:http', process.execPath, [join(root, 'scripts/bench/rawServer.mjs'), answersFile], anyAnswer);
    await measureTargets([['raw', raw]], cases);
    await stopAll();
  }

  // 3. What a user would pick instead: Prism's static mock, logging off.
  if (targets.includes('prism')) {
    const prismPort = await freePort();
    const prism = await start(
      'Prism',
      join(root, 'node_modules/.bin/prism'),
      ['mock', '-v', 'silent', '-h', '127.0.0.1', '-p', String(prismPort), join(root, 'spec/openapi.yaml')],
      anyAnswer,
      `http://127.0.0.1:${prismPort}`,
    );
    await measureTargets([['prism', prism]], cases);
    await stopAll();
  }

  // 4. The mock as an embedding Express app gets it.
  if (targets.includes('express')) {
    const express = await start(
      'mock (createApp in Express)',
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts/bench/expressMount.ts')],
      answersReady(mockHeaders),
    );
    await measureTargets([['express', express]], cases);
    await stopAll();
  }
} finally {
  await stopAll();
}

console.log(`\nServer CPU per request and its ratios, measured in this run${rounds > 1 ? ` (each the best of ${rounds} rounds)` : ''} (README-ready):\n`);
console.log(markdownTable(results, targets));
const notRun = TARGET_NAMES.filter((t) => t !== 'baseline' && !targets.includes(t));
if (notRun.length > 0) console.log(`\nNot run (--targets): ${notRun.map((t) => labels[t]).join(', ')}; their columns show n/a.`);
console.log(`\nIdle RSS (MB): ${(Object.keys(idleRss) as TargetName[]).map((t) => `${labels[t]} ${formatNumber((idleRss[t] ?? 0) / 2 ** 20)}`).join(', ')}`);
if (firstUpload)
  console.log(
    `First upload of ${formatNumber(uploadCase.entities)} new entities, the first request of a process just started (npm start): ${formatNumber(firstUpload.ms)} ms, ${formatNumber(firstUpload.entitiesPerSecond)} entities/s`,
  );
console.log('\nTargets (ratios of this run; a report, not a test):');
for (const t of checkTargets(results, undefined, targets))
  console.log(`  ${t.met === undefined ? '?' : t.met ? 'met   ' : 'MISSED'}  ${t.target}: ${t.detail}`);

const outDir = resolve(root, values.out as string);
mkdirSync(outDir, { recursive: true });
const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, platform: process.platform };
writeFileSync(
  join(outDir, 'bench.json'),
  JSON.stringify(
    {
      machine,
      seconds,
      connections,
      rounds,
      targets,
      ...(baseline ? { baseline: { dir: values.baseline, commit: baseline.commit, label: baseline.label, firstUpload: baselineFirstUpload } } : {}),
      firstUpload,
      idleRss,
      results,
    },
    null,
    2,
  ) + '\n',
);
const order = (['raw', 'prism', 'baseline', 'standalone', 'express'] as const).filter((t) => targets.includes(t));
writeFileSync(
  join(outDir, 'bench.svg'),
  barChartSvg({
    title: `Server CPU per request: the mock beside ${order
      .filter((t) => t !== 'standalone')
      .map((t) => labels[t])
      .join(', ')} (${machine.cpus} × ${machine.cpuModel}, node ${machine.node})`,
    unit: 'CPU µs per request; the note is the mock × each of the others',
    groups: results.map((r) => ({
      label: r.name,
      bars: order.map((t) => ({
        series: labels[t],
        value: r.measures[t]?.cpuUsPerReq,
        note:
          t === 'standalone' || t === 'express'
            ? [
                targets.includes('raw') ? `${formatRatio(ratio(r.measures[t]?.cpuUsPerReq, r.measures.raw?.cpuUsPerReq))} raw` : undefined,
                targets.includes('prism') ? `${formatRatio(ratio(r.measures[t]?.cpuUsPerReq, r.measures.prism?.cpuUsPerReq))} Prism` : undefined,
                t === 'standalone' && baseline ? `${formatChange(ratio(r.measures[t]?.cpuUsPerReq, r.measures.baseline?.cpuUsPerReq))} before` : undefined,
              ]
                .filter((n) => n !== undefined)
                .join(', ') || undefined
            : undefined,
      })),
    })),
  }),
);
console.log(`\nwrote ${join(values.out as string, 'bench.json')} and ${join(values.out as string, 'bench.svg')}`);
