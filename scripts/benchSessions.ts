/**
 * npm run bench:sessions: what sessions cost, in one run on loopback. It starts the mock as a process of its own
 * (`--size large` unless told otherwise), reads the server's RSS, then
 *   1. creates N sessions (X-Mock-Session: s-<i>) with K small writes each (sync uploads of one new group, a few
 *      in flight), counts the answers that are not 200, and reads the RSS again: the difference is what the
 *      sessions hold;
 *   2. drives the same reads (a filtered list, a search that finds the written groups) in the default session
 *      and in a session that wrote, with autocannon in a process of its own, alternating the two; the figure
 *      is the server's CPU per request (from /proc), reported as the ratio session ÷ default.
 *   npm run bench:sessions -- [--sessions 1000] [--writes 10] [--seconds 3] [--connections 10]
 *                              [--concurrency 8] [--size large] [--quick] [--out reports]
 * Writes <out>/bench-sessions.json and prints a table ready for the README.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { readCases, readMockConfig } from './bench/benchCases.ts';
import { measureLoad } from './bench/measureLoad.ts';
import { listeningPid, treeStats, vmRssBytes } from './bench/procStats.ts';
import { formatNumber, type Measure } from './bench/ratios.ts';
import type { LoadRequest } from './bench/runAutocannon.ts';
import {
  combineMeasures,
  formatRatio2,
  readRatio,
  type SessionRead,
  type SessionsMemory,
  sessionsTable,
  sessionUpload,
  TARGETS,
} from './bench/sessionReport.ts';
import { type StartedServer, startServer } from './bench/startServer.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const { values } = parseArgs({
  options: {
    sessions: { type: 'string' },
    writes: { type: 'string', default: '10' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    size: { type: 'string', default: 'large' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: 'reports' },
  },
});
const sessions = Number(values.sessions ?? (values.quick ? 100 : 1000));
const writes = Number(values.writes);
const seconds = Number(values.seconds ?? (values.quick ? 1 : 3));
const connections = Number(values.connections);
const concurrency = Number(values.concurrency);
const size = values.size as string;
const whole = (n: number) => Number.isInteger(n) && n > 0;
if (!whole(sessions) || !whole(writes) || !whole(connections) || !whole(concurrency) || !(seconds > 0) || (size !== 'default' && size !== 'large')) {
  console.error(
    'bench:sessions: --sessions, --writes, --connections and --concurrency must be positive whole numbers, --seconds positive, --size default or large',
  );
  process.exit(2);
}
const warmupSeconds = values.quick ? 0.5 : 1;
/** Each read is measured this many times in each session, alternating which goes first. */
const rounds = values.quick ? 1 : 2;
/** The session the reads are measured in: the first one, which has written like every other. */
const readSession = 's-0';

const config = readMockConfig(root);
const headers = { authorization: `Bearer ${config.token}`, 'community-id': config.community };
const mb = (bytes: number | undefined) => formatNumber((bytes ?? Number.NaN) / 2 ** 20);

let server: StartedServer | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void (server?.stop() ?? Promise.resolve()).then(() => process.exit(130)));

/** Every write once, `concurrency` in flight; a write that is not answered 200 is counted, never retried. */
async function writeAll(base: string, word: string): Promise<{ ok: number; failed: number; examples: string[] }> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const examples: string[] = [];
  const total = sessions * writes;
  const worker = async () => {
    while (next < total) {
      const n = next++;
      const i = Math.floor(n / writes);
      const k = n % writes;
      try {
        const res = await fetch(`${base}/v2/sync/run-${i}-${k}/uploadEntities`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'x-mock-session': `s-${i}` },
          body: JSON.stringify(sessionUpload(i, k, word)),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        if (res.status === 200) ok++;
        else {
          failed++;
          if (examples.length < 3) examples.push(`s-${i} write ${k}: ${res.status} ${text.slice(0, 200)}`);
        }
      } catch (error) {
        failed++;
        if (examples.length < 3) examples.push(`s-${i} write ${k}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { ok, failed, examples };
}

async function totalCount(base: string, session?: string): Promise<number> {
  const res = await fetch(`${base}/v1/groups?active=true&limit=1`, { headers: { ...headers, ...(session ? { 'x-mock-session': session } : {}) } });
  await res.arrayBuffer();
  return Number(res.headers.get('x-total-count'));
}

const startedAt = performance.now();
let memory: SessionsMemory | undefined;
const reads: SessionRead[] = [];
const notes: string[] = [];
let serverPid: number | undefined;
let firstAnswerMs: number | undefined;
try {
  console.log(
    `bench:sessions: ${formatNumber(sessions)} sessions × ${writes} writes (${concurrency} in flight), reads ${seconds} s × ${rounds} per session, ${connections} connections; --size ${size}; node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
  );
  server = await startServer(
    `mock --size ${size}`,
    process.execPath,
    ['--import', 'tsx', 'mock/server.ts', '--quiet', '--port', '0', '--host', '127.0.0.1', '--size', size, '--max-sessions', String(Math.max(1000, sessions))],
    { cwd: root, timeoutMs: 180_000, ready: async (url) => (await fetch(`${url}/v1/groups?limit=1`, { headers })).ok },
  );
  firstAnswerMs = performance.now() - server.spawnedAt;
  const base = server.url;
  const port = Number(new URL(base).port);
  const rootPid = server.child.pid as number;
  serverPid = listeningPid(rootPid, port);
  if (serverPid === undefined) {
    // Not found through /proc/net (a sandbox without it): the largest process of the tree is the server.
    const tree = treeStats(rootPid).pids;
    serverPid = tree.reduce((best, pid) => ((vmRssBytes(pid) ?? 0) > (vmRssBytes(best) ?? 0) ? pid : best), rootPid);
    notes.push('the listening process was not found through /proc/net; the largest process of the tree was read');
  }
  const rssAtStartBytes = vmRssBytes(serverPid) ?? Number.NaN;
  console.log(`mock: ${base}, first answer ${formatNumber(firstAnswerMs / 1000, 1)} s after spawn; server pid ${serverPid}, RSS ${mb(rssAtStartBytes)} MB`);

  // The reads, with values from the mock's own data; the written groups carry the search's word.
  const cases = (await readCases(base, config)).filter((c) => c.name.startsWith('list') || c.name.startsWith('search'));
  const searchCase = cases.find((c) => c.name.startsWith('search'));
  const word = new URL(searchCase?.request.path ?? '/?q=sessao', base).searchParams.get('q') ?? 'sessao';
  const defaultTotal = await totalCount(base);

  // 1. N sessions × K writes, then the RSS again.
  let peakRss = rssAtStartBytes;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, vmRssBytes(serverPid as number) ?? 0)), 250);
  const writesStarted = performance.now();
  let result: Awaited<ReturnType<typeof writeAll>>;
  try {
    result = await writeAll(base, word);
  } finally {
    clearInterval(sampler);
  }
  const writeSeconds = (performance.now() - writesStarted) / 1000;
  const rssAfterBytes = vmRssBytes(serverPid) ?? Number.NaN;
  peakRss = Math.max(peakRss, rssAfterBytes);
  const listed = (await (await fetch(`${base}/__mock/sessions`)).json()) as { sessions: Array<{ name: string; writes: number; memoryBytes: number }> };
  const named = listed.sessions.filter((s) => s.name !== 'default');
  memory = {
    sessions,
    writesPerSession: writes,
    ok: result.ok,
    failed: result.failed,
    seconds: writeSeconds,
    rssAtStartBytes,
    rssAfterBytes,
    estimatedBytes: named.reduce((s, x) => s + x.memoryBytes, 0),
  };
  console.log(
    `writes: ${formatNumber(result.ok)} answered 200, ${formatNumber(result.failed)} failed, in ${formatNumber(writeSeconds, 1)} s (${formatNumber((result.ok + result.failed) / writeSeconds)}/s); ` +
      `${formatNumber(named.length)} sessions listed, holding ${formatNumber(named.reduce((s, x) => s + x.writes, 0))} store writes; RSS ${mb(rssAfterBytes)} MB (+${mb(rssAfterBytes - rssAtStartBytes)} MB, peak ${mb(peakRss)} MB; the sessions' own estimate ${formatNumber((memory.estimatedBytes ?? 0) / 2 ** 20, 1)} MB)`,
  );
  for (const e of result.examples) console.log(`  failed: ${e}`);

  // The session that wrote sees its groups on top of the shared ones; the default session does not.
  const sessionTotal = await totalCount(base, readSession);
  const after = await totalCount(base);
  const sees = sessionTotal === defaultTotal + writes && after === defaultTotal;
  if (!sees)
    notes.push(
      `unexpected totals: default ${defaultTotal} before and ${after} after the writes, session ${readSession} ${sessionTotal} (expected ${defaultTotal + writes})`,
    );
  console.log(
    `active groups: default session ${formatNumber(after)}, session ${readSession} ${formatNumber(sessionTotal)} (its ${writes} groups on top)${sees ? '' : ' UNEXPECTED'}`,
  );

  // 2. Each read in the default session and in the session that wrote, alternating which goes first.
  for (const c of cases) {
    const inSession: LoadRequest = { ...c.request, headers: { ...c.request.headers, 'x-mock-session': readSession } };
    const byDefault: Measure[] = [];
    const bySession: Measure[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['default', 'session'] as const) : (['session', 'default'] as const);
      for (const which of order) {
        const m = await measureLoad(server, which === 'default' ? c.request : inSession, { seconds, connections, warmupSeconds });
        (which === 'default' ? byDefault : bySession).push(m);
        console.log(
          `  ${c.name.padEnd(52)} ${which.padEnd(8)} ${formatNumber(m.rps).padStart(7)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  ${formatNumber(m.cpuUsPerReq).padStart(6)} µs CPU/req${m.failures ? `  ${m.failures} non-2xx/errors` : ''}`,
        );
      }
    }
    const read: SessionRead = { name: c.name, defaultSession: combineMeasures(byDefault), writtenSession: combineMeasures(bySession) };
    reads.push(read);
    console.log(`  ${c.name}: session ÷ default ${formatRatio2(readRatio(read))}`);
  }
} catch (error) {
  process.exitCode = 1;
  console.error(`bench:sessions: ${(error as Error).message}`);
} finally {
  await server?.stop();
}

if (memory) {
  console.log('\nSessions: memory for their writes, and reads in a session that wrote against the default session (README-ready):\n');
  console.log(sessionsTable(memory, reads));
  const growthMb = (memory.rssAfterBytes - memory.rssAtStartBytes) / 2 ** 20;
  const readFailures = reads.reduce((s, r) => s + r.defaultSession.failures + r.writtenSession.failures, 0);
  console.log('\nTargets (this run; a report, not a test):');
  console.log(
    `  ${growthMb < TARGETS.rssGrowthMb ? 'met   ' : 'MISSED'}  RSS growth for ${formatNumber(memory.sessions)} sessions × ${memory.writesPerSession} writes < ${TARGETS.rssGrowthMb} MB: +${formatNumber(growthMb)} MB`,
  );
  for (const r of reads) {
    const q = readRatio(r);
    console.log(
      `  ${q === undefined ? '?     ' : q <= TARGETS.readRatio ? 'met   ' : 'MISSED'}  ${r.name}: session ÷ default ≤ ${TARGETS.readRatio.toFixed(2)}×: ${formatRatio2(q)}`,
    );
  }
  console.log(
    `  ${memory.failed === 0 && readFailures === 0 ? 'met   ' : 'MISSED'}  every write answered 200 and every read 2xx: ${formatNumber(memory.failed)} writes and ${formatNumber(readFailures)} reads failed`,
  );
  if (memory.failed > 0 || readFailures > 0) process.exitCode = 1;
}
for (const n of notes) console.log(`note: ${n}`);

const outDir = resolve(root, values.out as string);
mkdirSync(outDir, { recursive: true });
const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, platform: process.platform };
const options = { sessions, writes, seconds, connections, concurrency, size, rounds, warmupSeconds, readSession };
writeFileSync(
  join(outDir, 'bench-sessions.json'),
  JSON.stringify(
    {
      machine,
      options,
      firstAnswerMs,
      memory,
      reads: reads.map((r) => ({ ...r, ratio: readRatio(r) })),
      notes,
      wallSeconds: (performance.now() - startedAt) / 1000,
    },
    null,
    2,
  ) + '\n',
);
console.log(`\nwrote ${join(values.out as string, 'bench-sessions.json')} (${formatNumber((performance.now() - startedAt) / 1000)} s in all)`);
