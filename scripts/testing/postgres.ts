import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../bench/startServer.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 (apt-get install postgresql; .ci/run does). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether the tests that need PostgreSQL and HAProxy run: where both are installed, and always in CI. */
export function replicaTestsRun(testFile: string): boolean {
  const runs = (existsSync(join(PG_BIN, 'initdb')) && existsSync(HAPROXY)) || process.env.CI === 'true';
  if (!runs) console.warn(`${testFile}: PostgreSQL (${PG_BIN}) or HAProxy (${HAPROXY}) is not installed (apt-get install postgresql haproxy); skipped`);
  return runs;
}

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export interface TestPostgres {
  port: number;
  /** The URL of a database owned by a role that is not a superuser, as a replica gets it. */
  url: string;
  /** Kills the server at once (no shutdown checkpoint: as a crash), then starts it again. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * SIGSTOP to the postmaster and every backend: the kernel still accepts connections and acknowledges what
   * is sent, and nothing answers, as with a hung host or a network cut with no RST. `thaw` sends SIGCONT.
   */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A private PostgreSQL cluster in a temporary folder on a free port, its socket in that folder. PostgreSQL
 * refuses to run as root, so as root the cluster belongs to the `postgres` user and every command runs as it.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'edu-mock-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    chmodSync(dir, 0o700);
  }
  const pgCommand = (bin: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args]) : run(join(PG_BIN, bin), args);
  await pgCommand('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const start = async (): Promise<void> => {
    await pgCommand('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  };
  const stop = async (): Promise<void> => {
    await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  };
  await start();
  // The replicas' role owns its database and nothing else: migrations must work without a superuser.
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query("CREATE ROLE mock LOGIN PASSWORD 'mock' NOSUPERUSER NOCREATEDB NOCREATEROLE");
  await admin.query('CREATE DATABASE mock OWNER mock');
  await admin.end();
  // The postmaster first, so it forks no backend meanwhile; then every process it started.
  const signalAll = (signal: NodeJS.Signals): void => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (signal === 'SIGSTOP') process.kill(postmaster, signal);
    for (const pid of childrenOf(postmaster)) process.kill(pid, signal);
    if (signal === 'SIGCONT') process.kill(postmaster, signal);
  };
  return {
    port,
    url: `postgres://mock:mock@127.0.0.1:${port}/mock`,
    start,
    stop,
    freeze: async () => signalAll('SIGSTOP'),
    thaw: async () => signalAll('SIGCONT'),
    async restart(downMs = 0) {
      await stop();
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    async close() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `pid` (from /proc: the backends and helpers of a postmaster). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}
