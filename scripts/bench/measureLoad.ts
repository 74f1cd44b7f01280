import type { Measure } from './ratios.ts';
import { treeStats } from './procStats.ts';
import { type LoadRequest, runAutocannon } from './runAutocannon.ts';
import type { StartedServer } from './startServer.ts';

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** A short unmeasured run first, so JIT warm-up and first-use caches are not billed to the measured run. */
  warmupSeconds: number;
  /** A fixed number of requests instead of `seconds` (a large upload takes longer than a short run). */
  amount?: number;
}

/**
 * One request against one server under autocannon: requests/s and latency from autocannon, CPU per request
 * from the server's own process tree (/proc utime + stime before and after), RSS sampled during the run.
 */
export async function measureLoad(server: StartedServer, request: LoadRequest, options: LoadOptions): Promise<Measure> {
  const pid = server.child.pid as number;
  if (options.warmupSeconds > 0) {
    await runAutocannon(server.url, request, {
      seconds: options.warmupSeconds,
      connections: options.connections,
      amount: options.amount === undefined ? undefined : 1,
    });
  }
  const before = treeStats(pid);
  let peakRss = before.rssBytes;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, treeStats(pid).rssBytes);
  }, 250);
  try {
    const load = await runAutocannon(server.url, request, options);
    const after = treeStats(pid);
    peakRss = Math.max(peakRss, after.rssBytes);
    return {
      requests: load.requests,
      rps: load.rps,
      p50: load.p50,
      p99: load.p99,
      cpuUsPerReq: load.requests > 0 ? (after.cpuUs - before.cpuUs) / load.requests : Number.NaN,
      rssBytes: peakRss,
      failures: load.failures,
    };
  } finally {
    clearInterval(sampler);
  }
}
