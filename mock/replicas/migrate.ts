import type { Pool } from 'pg';
import { checkout } from './checkout.ts';
import { MIGRATIONS } from './migrations.ts';

/** Any fixed number: the session-level advisory lock every starting replica queues on before migrating. */
const MIGRATION_LOCK = 7_310_422;

/**
 * Brings the schema to the newest version. Replicas starting together queue on an advisory lock, so exactly one
 * applies each migration (in its own transaction, with the version row) and the others find it done. Needs only
 * a role that owns the database (CREATE on it), not a superuser. Returns the version now in place.
 */
export async function migrate(pool: Pool): Promise<number> {
  const out = await checkout(pool);
  const { client } = out;
  let failure: unknown;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS mock_schema_version (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM mock_schema_version');
      const current = rows[0]?.version ?? 0;
      const newest = MIGRATIONS.at(-1)?.version ?? 0;
      if (current > newest) throw new Error(`the database's schema is version ${current}, newer than this mock knows (${newest}): run a newer mock`);
      for (const m of MIGRATIONS) {
        if (m.version <= current) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO mock_schema_version (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${m.version} (${m.name}) failed: ${(error as Error).message}`);
        }
      }
      return newest;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // A failed migration's connection is closed, not reused: it may still hold the session-level lock.
    out.release(failure);
  }
}
