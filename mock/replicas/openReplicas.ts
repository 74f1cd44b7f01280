import pg from 'pg';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
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
}

/**
 * Makes this process one replica of a mock shared through PostgreSQL: connects, migrates the schema (safely
 * while other replicas start too), and returns the front door that keeps every session in step with the
 * database (ReplicaGate). The seeded base stays in this process; only what changes goes to the database.
 */
export async function openReplicas(options: ReplicaOptions): Promise<ReplicaGate> {
  // A database that is down refuses a connection at once (a 503 then); a busy one can take seconds to start a
  // backend, and a write waits for that rather than failing a request the database would have served.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 });
  // A connection the database dropped (a restart) is discarded by the pool; the next request gets a new one.
  pool.on('error', () => undefined);
  const deadline = performance.now() + (options.waitMs ?? 30_000);
  for (;;) {
    try {
      const version = await migrate(pool);
      options.log(`mock: replica on ${redact(options.databaseUrl)} (schema version ${version})`);
      break;
    } catch (error) {
      if (performance.now() > deadline || !isConnectionError(error)) {
        await pool.end().catch(() => undefined);
        throw new Error(`cannot use the database ${redact(options.databaseUrl)}: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const gate = new ReplicaGate({
    db: pgReplicaDatabase(pool, options.databaseUrl, options.log),
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
