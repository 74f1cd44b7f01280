/**
 * npm run bench:scale: how the mock's reads, start-up and memory follow the size of the data. For each size
 * it starts `npm start -- --groups N` (N groups in the first community), times spawn to first answer, then
 * drives every read of `npm run bench` (list, read by id, search, both data actions, user-info) with autocannon
 * in a process of its own, then a sync upload of `--entities` entities (one connection, as a sync client
 * uploads), and reads CPU and RSS from the server's process.
 *   npm run bench:scale -- [--sizes 1000,100000,1000000] [--seconds 3] [--connections 10] [--entities 10000] [--quick] [--out reports]
 * A size may also be `default` or `large` (npm start's --size), e.g. --sizes default,large.
 * Writes <out>/bench-scale.json and <out>/bench-scale.svg and prints a table ready for the README.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { readCases, readMockConfig } from './bench/benchCases.ts';
import { buildBenchUpload, countEntities } from './bench/benchUpload.ts';
import { measureLoad } from './bench/measureLoad.ts';
import { treeStats } from './bench/procStats.ts';
import { formatNumber, formatRatio, type Measure, ratio } from './bench/ratios.ts';
import { type StartedServer, startServer } from './bench/startServer.ts';
import { lineChartSvg } from './bench/svgChart.ts';
import { scaleTable, type ScaleRun, startArgs } from './bench/scaleTable.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000,1000000' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '10' },
    entities: { type: 'string', default: '10000' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: 'reports' },
  },
});
const seconds = Number(values.seconds ?? (values.quick ? 1 : 3));
const connections = Number(values.connections);
const upload = buildBenchUpload(Number(values.entities), ' [<id>]');
const uploadEntities = countEntities(upload);
const sizes = (values.sizes as string)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
let badSize: string | undefined;
try {
  sizes.forEach(startArgs);
} catch (error) {
  badSize = (error as Error).message;
}
if (badSize || sizes.length === 0 || !(seconds > 0) || !(connections > 0) || !(Number(values.entities) > 0)) {
  console.error(`bench:scale: ${badSize ?? '--sizes needs sizes, --seconds, --connections and --entities positive numbers'}`);
  process.exit(2);
}

const config = readMockConfig(root);
const headers = { authorization: `Bearer ${config.token}`, 'community-id': config.community };
const runs: ScaleRun[] = [];
const failures: string[] = [];
let current: StartedServer | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void current?.stop().then(() => process.exit(130)));

console.log(
  `bench:scale: sizes ${sizes.join(', ')}; ${seconds} s per read, ${connections} connections, node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
);
try {
  for (const size of sizes) {
    let firstAnswerAt = 0;
    try {
      current = await startServer(`mock ${size}`, 'npm', ['start', '--silent', '--', '--port', '0', '--quiet', ...startArgs(size)], {
        cwd: root,
        timeoutMs: 180_000,
        ready: async (url) => {
          const ok = (await fetch(`${url}/v1/groups?limit=1`, { headers })).ok;
          if (ok) firstAnswerAt = performance.now();
          return ok;
        },
      });
    } catch (error) {
      // A size the mock cannot start with is reported, and the other sizes still run.
      failures.push(`${size}: ${(error as Error).message}`);
      console.log(`  ${size.padStart(9)}: did not start: ${(error as Error).message.split('\n').slice(0, 2).join(' ')}`);
      continue;
    }
    const startupMs = firstAnswerAt - current.spawnedAt;
    const idleRssBytes = treeStats(current.child.pid as number).rssBytes;
    const total = Number((await fetch(`${current.url}/v1/groups?limit=1`, { headers })).headers.get('x-total-count'));
    const cases = await readCases(current.url, config);
    const measures: Record<string, Measure> = {};
    for (const c of cases) {
      measures[shortName(c.name)] = await measureLoad(current, c.request, { seconds, connections, warmupSeconds: values.quick ? 0.5 : 1 });
    }
    const uploaded = await measureLoad(
      current,
      // `[<id>]` in every name becomes a fresh id per request: each upload rewrites every entity.
      {
        method: 'POST',
        path: '/v2/sync/bench-scale/uploadEntities',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(upload),
        idReplacement: true,
      },
      { seconds, connections: 1, warmupSeconds: 1, amount: values.quick ? 2 : 4 },
    );
    const run: ScaleRun = {
      size,
      groups: total,
      startupMs,
      idleRssBytes,
      peakRssBytes: Math.max(idleRssBytes, uploaded.rssBytes, ...Object.values(measures).map((m) => m.rssBytes)),
      measures,
      uploadEntitiesPerSecond: uploaded.failures ? undefined : uploaded.rps * uploadEntities,
    };
    runs.push(run);
    console.log(
      `  ${size.padStart(9)}: ${formatNumber(total)} groups, first answer ${formatNumber(startupMs)} ms after spawn, RSS ${formatNumber(idleRssBytes / 2 ** 20)} MB idle / ${formatNumber(run.peakRssBytes / 2 ** 20)} MB under load; ` +
        Object.entries(measures)
          .map(
            ([name, m]) =>
              `${name} ${formatNumber(m.rps)} req/s p99 ${m.p99} ms ${formatNumber(m.cpuUsPerReq)} µs/req${m.failures ? ` (${m.failures} failed)` : ''}`,
          )
          .join('; ') +
        `; upload of ${formatNumber(uploadEntities)} entities: ${uploaded.failures ? `${uploaded.failures} failed` : `${formatNumber(run.uploadEntitiesPerSecond)} entities/s`}`,
    );
    await current.stop();
    current = undefined;
  }
} finally {
  await current?.stop();
}

console.log('\nReads, start-up and memory by data size, measured in this run (README-ready):\n');
console.log(scaleTable(runs));
const smallest = runs[0];
const largest = runs[runs.length - 1];
if (smallest && largest && smallest !== largest) {
  console.log(`\nRate kept from ${formatNumber(smallest.groups)} to ${formatNumber(largest.groups)} groups (target ≥ 50%):`);
  for (const name of Object.keys(largest.measures)) {
    console.log(`  ${name}: ${formatRatio(ratio(largest.measures[name]?.rps, smallest.measures[name]?.rps))}`);
  }
  console.log(`  upload: ${formatNumber(largest.uploadEntitiesPerSecond)} entities/s at ${formatNumber(largest.groups)} groups (target ≥ 20,000)`);
}

/** A case's name as a column: "list: GET …" → "list", "users data action, limit 20" → "users action". */
function shortName(name: string): string {
  return name.replace(/ data action.*/, ' action').split(':')[0] as string;
}

const outDir = resolve(root, values.out as string);
mkdirSync(outDir, { recursive: true });
const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version };
writeFileSync(join(outDir, 'bench-scale.json'), JSON.stringify({ machine, seconds, connections, runs, failures }, null, 2) + '\n');
const reads = [...new Set(runs.flatMap((r) => Object.keys(r.measures)))];
const chart = lineChartSvg({
  title: `Reads per second by number of groups (${machine.cpus} × ${machine.cpuModel}, node ${machine.node})`,
  xLabel: 'groups in the community (log scale)',
  yLabel: 'req/s (higher is better); start-up in ms; RSS in MB',
  logX: true,
  series: [
    ...reads.map((name) => ({ name: `${name} req/s`, points: runs.map((r) => ({ x: r.groups, y: r.measures[name]?.rps })) })),
    { name: 'start to first answer, ms', points: runs.map((r) => ({ x: r.groups, y: r.startupMs })) },
    { name: 'peak RSS, MB', points: runs.map((r) => ({ x: r.groups, y: r.peakRssBytes / 2 ** 20 })) },
  ],
});
writeFileSync(join(outDir, 'bench-scale.svg'), chart);
console.log(`\nwrote ${join(values.out as string, 'bench-scale.json')} and ${join(values.out as string, 'bench-scale.svg')}`);
if (failures.length > 0) {
  console.error(`\nbench:scale: ${failures.length} size(s) did not start:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
