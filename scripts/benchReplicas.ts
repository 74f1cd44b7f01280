/**
 * npm run bench:replicas: what a replica on PostgreSQL costs against the in-memory mock, in one run on loopback.
 * It starts a private PostgreSQL (scripts/testing/postgres.ts), the mock as usual and one replica with
 * --database-url (the same seed and size), then
 *   1. drives the same reads (a list, a read by id, a search) on both with autocannon in a process of its own,
 *      alternating which goes first; the figure is the server's CPU per request (from /proc), as the ratio
 *      replica ÷ memory (the target is 1.2 or less);
 *   2. sends the same sync uploads (one new group each, `--concurrency` in flight) to both: latency and
 *      throughput, as ratios replica ÷ memory (a replica's write waits for its commit).
 *   npm run bench:replicas -- [--seconds 3] [--rounds 2] [--connections 10] [--writes 2000] [--concurrency 8] [--quick] [--out reports]
 * The machine's load average is printed: on shared cores read the ratios (and those of the best rounds).
 * Writes <out>/bench-replicas.json and prints a table ready for docs/scale-out.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { readCases, readMockConfig } from './bench/benchCases.ts';
import { measureLoad } from './bench/measureLoad.ts';
import { formatNumber, type Measure } from './bench/ratios.ts';
import { combineMeasures } from './bench/sessionReport.ts';
import { type StartedServer, startServer } from './bench/startServer.ts';
import { replicaTestsRun, startPostgres, type TestPostgres } from './testing/postgres.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    connections: { type: 'string', default: '10' },
    writes: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
    rounds: { type: 'string' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: 'reports' },
  },
});
const seconds = Number(values.seconds ?? (values.quick ? 1 : 3));
const connections = Number(values.connections);
const writes = Number(values.writes ?? (values.quick ? 300 : 2000));
const concurrency = Number(values.concurrency);
const whole = (n: number) => Number.isInteger(n) && n > 0;
if (!whole(connections) || !whole(writes) || !whole(concurrency) || !(seconds > 0)) {
  console.error('bench:replicas: --connections, --writes and --concurrency must be positive whole numbers, --seconds positive');
  process.exit(2);
}
if (!replicaTestsRun('bench:replicas')) process.exit(2);
const rounds = Number(values.rounds ?? (values.quick ? 1 : 2));
if (!whole(rounds)) {
  console.error('bench:replicas: --rounds must be a positive whole number');
  process.exit(2);
}
const config = readMockConfig(root);
const headers = { authorization: `Bearer ${config.token}`, 'community-id': config.community };

interface WriteRun {
  ok: number;
  failed: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** `writes` sync uploads of one new group each, `concurrency` in flight; latency per answer. */
async function writeBurst(base: string, label: string): Promise<WriteRun> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < writes) {
      const n = next++;
      const t = performance.now();
      const res = await fetch(`${base}/v2/sync/bench-${label}-${n}/uploadEntities`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'x-mock-session': `bench-${label}` },
        body: JSON.stringify({ groups: { data: [{ alias: `bench-${label}-${n}`, name: `Turma ${n}`, season: '2031', active: true }] } }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      if (res.status === 200) ok++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN) * 100) / 100;
  return { ok, failed, seconds: elapsed, perSecond: (ok + failed) / elapsed, p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** The machine's load average (1, 5, 15 min): CPU per request grows when other work shares the cores. */
const loadText = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const loadAtStart = loadavg();
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
let db: TestPostgres | undefined;
let memory: StartedServer | undefined;
let replica: StartedServer | undefined;
const stopAll = async () => {
  await memory?.stop();
  await replica?.stop();
  await db?.close();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll().then(() => process.exit(130)));

/**
 * On a machine shared with other work, a round's CPU per request grows with what else runs then; the least
 * disturbed round of each server (the lowest CPU per request) is the closest to its own cost.
 */
const reads: { name: string; memory: Measure; replica: Measure; cpuRatio: number; bestRoundRatio: number }[] = [];
let writeRuns: { memory: WriteRun; replica: WriteRun } | undefined;
try {
  console.log(
    `bench:replicas: reads ${seconds} s × ${rounds}, ${connections} connections; ${writes} writes, ${concurrency} in flight; node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}); load average ${loadText()}`,
  );
  db = await startPostgres();
  const ready = async (url: string) => (await fetch(`${url}/v1/groups?limit=1`, { headers })).ok;
  const args = ['--import', 'tsx', 'mock/server.ts', '--quiet', '--port', '0', '--host', '127.0.0.1'];
  memory = await startServer('memory', process.execPath, args, { cwd: root, ready });
  replica = await startServer('replica', process.execPath, [...args, '--database-url', db.url], { cwd: root, ready });
  console.log(`memory ${memory.url}, replica ${replica.url} on PostgreSQL :${db.port}`);

  for (const c of (await readCases(memory.url, config)).filter((x) => x.kind === 'read' && x.request.method === 'GET')) {
    const m: Measure[] = [];
    const r: Measure[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const which of round % 2 === 0 ? (['memory', 'replica'] as const) : (['replica', 'memory'] as const)) {
        const measure = await measureLoad(which === 'memory' ? memory : replica, c.request, { seconds, connections, warmupSeconds: values.quick ? 0.5 : 1 });
        (which === 'memory' ? m : r).push(measure);
        console.log(
          `  ${c.name.padEnd(52)} ${which.padEnd(8)} ${formatNumber(measure.rps).padStart(7)} req/s  p50 ${measure.p50} ms  p99 ${measure.p99} ms  ${formatNumber(measure.cpuUsPerReq).padStart(6)} µs CPU/req${measure.failures ? `  ${measure.failures} non-2xx/errors` : ''}`,
        );
      }
    }
    const best = (list: Measure[]) => Math.min(...list.map((x) => x.cpuUsPerReq));
    const read = { name: c.name, memory: combineMeasures(m), replica: combineMeasures(r), cpuRatio: 0, bestRoundRatio: ratio(best(r), best(m)) };
    read.cpuRatio = ratio(read.replica.cpuUsPerReq, read.memory.cpuUsPerReq);
    reads.push(read);
  }
  writeRuns = { memory: await writeBurst(memory.url, 'memory'), replica: await writeBurst(replica.url, 'replica') };
} catch (error) {
  process.exitCode = 1;
  console.error(`bench:replicas: ${(error as Error).message}`);
} finally {
  await stopAll();
}

const lines = ['| measure | in-memory mock | replica on PostgreSQL | replica ÷ memory | best rounds |', '|---|---:|---:|---:|---:|'];
for (const r of reads) {
  lines.push(
    `| CPU per request, ${r.name} | ${formatNumber(r.memory.cpuUsPerReq)} µs | ${formatNumber(r.replica.cpuUsPerReq)} µs | ${r.cpuRatio.toFixed(2)} | ${r.bestRoundRatio.toFixed(2)} |`,
  );
}
if (writeRuns) {
  const { memory: m, replica: r } = writeRuns;
  lines.push(
    `| writes (sync upload of one group), per second | ${formatNumber(m.perSecond)} | ${formatNumber(r.perSecond)} | ${ratio(r.perSecond, m.perSecond).toFixed(2)} | |`,
  );
  lines.push(`| write latency p50 | ${m.p50Ms} ms | ${r.p50Ms} ms | ${ratio(r.p50Ms, m.p50Ms).toFixed(2)} | |`);
  lines.push(`| write latency p99 | ${m.p99Ms} ms | ${r.p99Ms} ms | ${ratio(r.p99Ms, m.p99Ms).toFixed(2)} | |`);
  if (m.failed || r.failed) lines.push(`\nwrites not answered 200: memory ${m.failed}, replica ${r.failed}`);
}
const worst = Math.max(...reads.map((r) => r.cpuRatio));
const worstBest = Math.max(...reads.map((r) => r.bestRoundRatio));
console.log(
  `\n${lines.join('\n')}\n\nreads: worst CPU ratio replica ÷ memory ${Number.isFinite(worst) ? worst.toFixed(2) : 'n/a'}, of the best rounds ${Number.isFinite(worstBest) ? worstBest.toFixed(2) : 'n/a'} (target ≤ 1.20)${worst > 1.2 ? ' MISSED' : ''}; load average ${loadText()} (at start ${loadAtStart.map((n) => n.toFixed(2)).join(', ')})`,
);
mkdirSync(values.out as string, { recursive: true });
writeFileSync(
  join(values.out as string, 'bench-replicas.json'),
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage: { start: loadAtStart, end: loadavg() }, seconds, connections, writes, concurrency, reads, writeRuns }, null, 2)}\n`,
);
