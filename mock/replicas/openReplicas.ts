import pg from 'pg';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import { connectionSettings, DEFAULT_DATABASE_TIMEOUT_MS } from './databaseTimeouts.ts';
import { migrate } from './migrate.ts';
import { pgReplicaDatabase } from './pgReplicaDatabase.ts';
import { ReplicaGate } from './ReplicaGate.ts';

export interface ReplicaOptions {
  databaseUrl: string;
  /** Every session of this process: the replica keeps each in step with the database. */
  sessions: SessionRegistry<Session>;
  seed: number;
  maxSessions: number;
  idleMs: number;
  log: (line: string) => void;
  /** How long to wait for the database at start before giving up (default 30 s). */
  waitMs?: number;
  /** The bound on each wait for the database while serving (--database-timeout-ms, default 5 s). */
  timeoutMs?: number;
}

/**
 * Makes this process one replica of a mock shared through PostgreSQL: connects, migrates the schema (safely
 * while other replicas start too), and returns the front door that keeps every session in step with the
 * database (ReplicaGate). The seeded base stays in this process; only what changes goes to the database.
 */
export async function openReplicas(options: ReplicaOptions): Promise<ReplicaGate> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
  // Migrations may wait for another replica's, and may one day take long: bounded by connecting only.
  const migrations = new pg.Pool({ connectionString: options.databaseUrl, max: 1, connectionTimeoutMillis: timeoutMs, keepAlive: true });
  migrations.on('error', () => undefined);
  const deadline = performance.now() + (options.waitMs ?? 30_000);
  try {
    for (;;) {
      try {
        const version = await migrate(migrations);
        options.log(`mock: replica on ${redact(options.databaseUrl)} (schema version ${version}, database waits bounded by ${timeoutMs} ms)`);
        break;
      } catch (error) {
        if (performance.now() > deadline || !isConnectionError(error))
          throw new Error(`cannot use the database ${redact(options.databaseUrl)}: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await migrations.end().catch(() => undefined);
  }
  // Every wait while serving is bounded (databaseTimeouts.ts): a stalled database answers 503, it does not hold
  // requests for as long as it stalls.
  const pool = new pg.Pool({ ...connectionSettings(options.databaseUrl, timeoutMs), max: 20, idleTimeoutMillis: 30_000 });
  // A connection the database dropped (a restart) while idle is discarded by the pool; the next request gets a
  // new one. One dropped while checked out is the checkout's to handle (checkout.ts).
  pool.on('error', () => undefined);
  const db = pgReplicaDatabase(pool, options.databaseUrl, options.log, timeoutMs);
  // What resets and imports superseded before this start (a replica stopped before it deleted it).
  db.compact().catch(() => undefined);
  const gate = new ReplicaGate({
    db,
    timeoutMs,
    sessions: options.sessions,
    seed: options.seed,
    maxSessions: options.maxSessions,
    idleMs: options.idleMs,
    log: options.log,
  });
  gate.start();
  return gate;
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return ['ECONNREFUSED', 'ENOENT', 'ECONNRESET', '57P03'].includes(code) || /timeout|terminat/i.test((error as Error).message);
}
