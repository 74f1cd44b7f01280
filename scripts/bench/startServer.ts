import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { listeningUrl } from '../testing/waitForListening.ts';

export interface StartedServer {
  name: string;
  child: ChildProcess;
  url: string;
  /** performance.now() at spawn. */
  spawnedAt: number;
  output: () => string;
  stop(): Promise<void>;
}

/** A free loopback port (for servers that cannot listen on 0 and report it, like Prism). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Spawns a server in its own process group and waits until it answers: its URL is read from its output
 * (`listening on http://…`) or given (`url`), then `ready` is polled until it resolves true.
 */
export async function startServer(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; url?: string; ready: (url: string) => Promise<boolean>; timeoutMs?: number },
): Promise<StartedServer> {
  const spawnedAt = performance.now();
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // The whole group: npm start runs the server as a grandchild.
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    await once(child, 'exit');
    clearTimeout(timer);
  };
  const deadline = spawnedAt + (options.timeoutMs ?? 60_000);
  let url = options.url;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before answering:\n${out.trim()}`);
    url ??= listeningUrl(out);
    if (url && (await options.ready(url).catch(() => false))) {
      return { name, child, url, spawnedAt, output: () => out, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop();
  throw new Error(`${name} did not answer within ${options.timeoutMs ?? 60_000} ms:\n${out.trim()}`);
}
