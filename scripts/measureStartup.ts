/**
 * Start to first answer on default data, the figure README's Performance section gives: spawns the mock,
 * polls `GET /v1/groups?limit=1` with the coordenator token of fixtures/conform.mock.json until it answers
 * 200, and reports the time from spawn to that answer, for `npm start` (npm and its launcher included) and
 * for the bare node process. Runs alternate between the two; the median is the figure, because a shared
 * machine moves single runs. Also the CPU time the process tree had used by then (user + system, /proc).
 *
 *   npm run bench:startup [-- --runs 7] [--only start|node|tsx] [--profile DIR] [-- any npm start option]
 *
 * `node` is the process npm start runs (read from package.json), `tsx` the server through tsx's loader (what
 * the tests and `npm run dev` run). `--profile DIR` runs those two under `node --cpu-prof`, profiles in DIR.
 * Prints one line per run and a JSON summary.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { CONFORM_CONFIG_PATH, type MockConformConfig } from '../fixtures/conformConfig.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, only: { type: 'string' }, profile: { type: 'string' } },
});
const runs = Number(values.runs);
const config = JSON.parse(readFileSync(CONFORM_CONFIG_PATH, 'utf8')) as MockConformConfig;
const headers = { authorization: `Bearer ${config.token}`, 'community-id': config.community };
const serverArgs = ['--port', '0', '--quiet', ...positionals];

const profile = values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : [];
/**
 * How each start is spawned: npm start as a user types it, the node process npm start runs, and the server
 * through tsx's loader (what the tests and `npm run dev` run).
 */
const starts: Record<string, { command: string; args: string[] }> = {
  start: { command: 'npm', args: ['start', '--silent', '--', ...serverArgs] },
  node: { command: process.execPath, args: [...profile, ...bareNodeArgs(), ...serverArgs] },
  tsx: { command: process.execPath, args: [...profile, '--import', 'tsx', 'mock/server.ts', ...serverArgs] },
};

/** The node arguments `npm start` runs the server with, read from package.json so the two cannot differ. */
function bareNodeArgs(): string[] {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const [first, ...rest] = script.split(/\s+/);
  if (first === 'node') return rest;
  // tsx's own command line runs a second node process with its loader: the bare equivalent is one process.
  if (first === 'tsx') return ['--import', 'tsx', ...rest];
  throw new Error(`npm start runs "${script}": measure it with --only start`);
}

/** User + system CPU ms of a process and its live descendants (Linux; 0 elsewhere). */
function treeCpuMs(root: number): number {
  if (!existsSync('/proc/self/stat')) return 0;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // exited meanwhile
    }
  }
  let ticks = 0;
  for (const [pid, stat] of stats) {
    for (let p: number | undefined = pid; p; p = stats.get(p)?.ppid) {
      if (p === root) {
        ticks += stat.ticks;
        break;
      }
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

async function measure(kind: string): Promise<{ firstAnswerMs: number; listeningMs: number; cpuMs: number }> {
  const { command, args } = starts[kind] as { command: string; args: string[] };
  const started = performance.now();
  // Its own process group, so the stop below reaches npm's children too.
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1] as string);
      });
      child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)));
    });
    const listeningMs = Math.round(performance.now() - started);
    for (;;) {
      const answer = await fetch(`${base}/v1/groups?limit=1`, { headers });
      await answer.arrayBuffer();
      if (answer.status === 200) break;
      if (performance.now() - started > 60_000) throw new Error(`no 200 within 60 s (last ${answer.status})`);
    }
    return { firstAnswerMs: Math.round(performance.now() - started), listeningMs, cpuMs: treeCpuMs(child.pid as number) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
  }
}

// fetch loads its HTTP client on first use (tens of ms): pay that here, on a server of our own, not in the
// first run's figure.
{
  const warm = createServer((_req, res) => res.end('ok')).listen(0, '127.0.0.1');
  await once(warm, 'listening');
  await (await fetch(`http://127.0.0.1:${(warm.address() as AddressInfo).port}/`)).arrayBuffer();
  warm.closeAllConnections();
  warm.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const kinds = values.only ? [values.only] : Object.keys(starts);
const results: Record<string, Array<{ firstAnswerMs: number; listeningMs: number; cpuMs: number }>> = Object.fromEntries(kinds.map((k) => [k, []]));
for (let i = 0; i < runs; i++) {
  for (const kind of kinds) {
    const result = await measure(kind);
    results[kind]?.push(result);
    console.log(`${kind.padEnd(5)} run ${i + 1}: first answer ${result.firstAnswerMs} ms (banner at ${result.listeningMs} ms), CPU ${result.cpuMs} ms`);
  }
}
const summary = Object.fromEntries(
  Object.entries(results).map(([kind, rs]) => [
    kind,
    {
      command: [starts[kind]?.command, ...(starts[kind]?.args ?? [])].join(' '),
      medianMs: median(rs.map((r) => r.firstAnswerMs)),
      medianListeningMs: median(rs.map((r) => r.listeningMs)),
      minMs: Math.min(...rs.map((r) => r.firstAnswerMs)),
      medianCpuMs: median(rs.map((r) => r.cpuMs)),
      runs: rs.length,
    },
  ]),
);
console.log(JSON.stringify(summary, null, 2));
