import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const AUTOCANNON = join(require.resolve('autocannon/package.json'), '..', 'autocannon.js');
const bodies = mkdtempSync(join(tmpdir(), 'bench-bodies-'));

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** autocannon replaces every `[<id>]` in the body with a fresh id on each request (-I). */
  idReplacement?: boolean;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers plus connection errors and timeouts. */
  failures: number;
}

/** Drives `url` with autocannon in a process of its own (never in the measured server's process), JSON out. */
export async function runAutocannon(
  baseUrl: string,
  request: LoadRequest,
  options: { seconds: number; connections: number; amount?: number },
): Promise<LoadResult> {
  // A fixed number of requests (`amount`) for answers that take longer than a short run; else a duration.
  const length = options.amount !== undefined ? ['-a', String(options.amount)] : ['-d', String(options.seconds)];
  const args = [AUTOCANNON, '-j', '-c', String(options.connections), ...length, '-t', '60', '-m', request.method];
  for (const [name, value] of Object.entries(request.headers)) args.push('-H', `${name}=${value}`);
  if (request.body !== undefined) {
    const file = join(bodies, `${Buffer.from(request.path).toString('hex').slice(0, 40)}-${request.body.length}.json`);
    writeFileSync(file, request.body);
    args.push('-i', file);
    if (request.idReplacement) args.push('-I');
  }
  args.push(baseUrl + request.path);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`autocannon failed (${code}): ${err.trim()}`);
  const r = JSON.parse(out) as {
    duration: number;
    requests: { total: number };
    latency: { mean: number; p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  // A fixed number of requests ends on autocannon's next one-second tick, so its duration overstates the run:
  // there the rate is what the connections sustain (connections ÷ mean latency). A timed run: total ÷ elapsed.
  const rps =
    options.amount !== undefined
      ? r.latency.mean > 0
        ? (options.connections * 1000) / r.latency.mean
        : 0
      : r.duration > 0
        ? r.requests.total / r.duration
        : 0;
  return { requests: r.requests.total, rps, p50: r.latency.p50, p99: r.latency.p99, failures: r.non2xx + r.errors + r.timeouts };
}
