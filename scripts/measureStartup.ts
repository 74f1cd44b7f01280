/**
 * Start-up time and memory of the mock at several data sizes: for each `--groups N`, starts `npm start`'s
 * server as its own process, times start to first answer, reads its RSS idle, then again after a short burst
 * of reads (list, filtered list, read by id, search, a data action) from 10 concurrent clients.
 *
 *   npx tsx scripts/measureStartup.ts [--groups 1000,100000,1000000] [--requests 300]
 *
 * Prints one JSON line per size. RSS is read from /proc (Linux) or `ps`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { groups: { type: 'string', default: '1000,100000,1000000' }, requests: { type: 'string', default: '300' } } });
const sizes = (values.groups as string).split(',').map(Number);
const requests = Number(values.requests);
const H = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

function rssMb(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1] ?? 0) / 1024);
  return Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024);
}

async function measure(groups: number): Promise<Record<string, number>> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/server.ts', '--port', '0', '--quiet', '--groups', String(groups)], { stdio: ['ignore', 'pipe', 'ignore'] });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve((match[1] as string).replace('localhost', '127.0.0.1'));
    });
    child.on('exit', (code) => reject(new Error(`the mock exited with ${code}`)));
  });
  const first = await fetch(`${base}/v1/groups?limit=1`, { headers: H });
  const firstAnswerMs = Math.round(performance.now() - started);
  const [sample] = (await first.json()) as Array<{ _id: string }>;
  const idleRssMb = rssMb(child.pid as number);
  const paths = ['/v1/groups?active=true&limit=20', `/v1/groups/${sample?._id}`, '/v1/groups/search?q=robotica&limit=20', '/v1/groups?season=2026&limit=20'];
  let peak = idleRssMb;
  const loadStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < requests) {
        const path = paths[next++ % paths.length] as string;
        await (await fetch(base + path, { headers: H })).arrayBuffer();
        if (next % 50 === 0) peak = Math.max(peak, rssMb(child.pid as number));
      }
    }),
  );
  const loadMs = performance.now() - loadStarted;
  peak = Math.max(peak, rssMb(child.pid as number));
  child.kill('SIGTERM');
  return { groups, firstAnswerMs, idleRssMb, loadRssMb: peak, requests, requestsPerSecond: Math.round((requests / loadMs) * 1000) };
}

for (const groups of sizes) console.log(JSON.stringify(await measure(groups)));
