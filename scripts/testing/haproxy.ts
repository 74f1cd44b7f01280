import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../bench/startServer.ts';
import { HAPROXY } from './postgres.ts';

export interface TestBalancer {
  url: string;
  close(): Promise<void>;
}

/**
 * HAProxy in front of the replicas: round robin, a new server choice for every request (http-server-close),
 * no stickiness of any kind, so every test of shared state is honest. A replica that stops answering is
 * taken out by the health check.
 */
export async function startHaproxy(backends: readonly number[]): Promise<TestBalancer> {
  const dir = mkdtempSync(join(tmpdir(), 'edu-mock-haproxy-'));
  const port = await freePort();
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-server-close',
    '  retries 2',
    '  option redispatch',
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    '  option httpchk GET /openapi.json',
    ...backends.map((p, i) => `  server r${i + 1} 127.0.0.1:${p} check inter 500ms fall 2 rise 1`),
    '',
  ].join('\n');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const child: ChildProcess = spawn(HAPROXY, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    try {
      await fetch(`${url}/openapi.json`);
      break;
    } catch {
      if (i > 100) throw new Error(`haproxy did not answer: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
