import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../bench/startServer.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface TestReplica {
  port: number;
  url: string;
  child: ChildProcess;
  /** What it printed on stderr (its replica and database lines). */
  stderr(): string;
  /** kill -9: no shutdown of any kind. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

/** One mock process as a replica of the database at `databaseUrl`, on a free port, quiet. */
export async function startReplica(databaseUrl: string, args: readonly string[] = [], port?: number): Promise<TestReplica> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/server.ts', '--port', String(p), '--quiet', '--database-url', databaseUrl, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: '', MOCK_STATE_FILE: '' },
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replica did not start in 30 s: ${out}${err}`)), 30_000);
    const check = (): void => {
      if (out.includes('mock: listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`replica exited (${code}): ${out}${err}`));
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await untilServing(`http://127.0.0.1:${p}`, () => `${out}${err}`);
  return {
    port: p,
    url: `http://127.0.0.1:${p}`,
    child,
    stderr: () => err,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * "listening" is printed once the port is bound; a replica serves once its database connections (the pool and
 * the LISTEN connection) answer. A read in a session of its own, until it is not 503 (10 s at most), so a
 * test's first request does not meet a replica that is still connecting on a busy machine.
 */
async function untilServing(url: string, output: () => string): Promise<void> {
  const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte', 'x-mock-session': 'replica-ready-probe' };
  for (let tries = 0; tries < 100; tries++) {
    const status = await fetch(`${url}/v1/groups?limit=1`, { headers }).then(
      (res) => res.arrayBuffer().then(() => res.status),
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`replica at ${url} never answered 200 to a read: ${output()}`);
}
