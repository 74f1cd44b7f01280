import pg from 'pg';
import { answeredByServer, checkout } from './checkout.ts';
import { CHANNEL, listenForNotices } from './listenForNotices.ts';
import {
  type ChangeToCommit,
  CommitOutcomeUnknown,
  type JournalRow,
  LOG_PAGE,
  type LoggedChange,
  type ReplicaDatabase,
  type SessionHead,
  type SessionWrite,
} from './ReplicaDatabase.ts';

/** The advisory lock that serialises making sessions, so two replicas cannot both take the last free place. */
const SESSION_LIST_LOCK = 7_310_423;
/** Journal entries kept per session in the database, as the in-memory journal keeps (mock/controls/Journal.ts). */
const JOURNAL_KEEP = 1000;
/** Superseded log entries deleted per statement: each stays short, well within the statement timeout. */
const COMPACT_BATCH = 500;

interface HeadRow {
  name: string;
  generation: string;
  head: string;
}

/**
 * The ReplicaDatabase on PostgreSQL through a `pg` pool made with connectionSettings (every wait bounded by
 * `timeoutMs`). Every client taken from the pool is guarded (checkout.ts): a lost connection fails the
 * request that used it, never the process.
 */
export function pgReplicaDatabase(pool: pg.Pool, connectionString: string, log: (line: string) => void, timeoutMs: number): ReplicaDatabase {
  let journalInserts = 0;
  let compacting: Promise<number> = Promise.resolve(0);
  /** One compaction at a time per replica; a failure is retried by the next reset or start. */
  const compactLater = (session?: string): Promise<number> =>
    (compacting = compacting.then(
      () => compactLog(pool, session),
      () => compactLog(pool, session),
    ));
  return {
    async heads(names) {
      // The hottest query of all, as one simple-protocol message (one socket write rather than four for the
      // extended protocol's parse, bind, execute and sync); the names are quoted as literals.
      const { rows } = await pool.query<HeadRow>(
        `SELECT name, generation, head FROM mock_sessions WHERE name IN (${names.map((n) => pg.escapeLiteral(n)).join(',')})`,
      );
      return new Map(rows.map((r) => [r.name, { generation: r.generation, head: Number(r.head) }]));
    },

    changesAfter: (session, seq) => changesAfter(pool, session, seq),

    async createSession(name, max, idleMs) {
      const out = await checkout(pool);
      const { client } = out;
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [SESSION_LIST_LOCK]);
        const known = await client.query('SELECT 1 FROM mock_sessions WHERE name = $1', [name]);
        if (known.rowCount) {
          await client.query('COMMIT');
          out.release();
          return 'exists';
        }
        // Every replica must hear of a session dropped here: a copy it still holds would otherwise answer for the
        // session made again under the same name (SeenCommits.ts proves freshness from notifications alone).
        const idle = await client.query<{ name: string }>(
          "DELETE FROM mock_sessions WHERE name <> 'default' AND last_used_at < now() - make_interval(secs => $1) RETURNING name",
          [idleMs / 1000],
        );
        for (const { name: gone } of idle.rows) await client.query('SELECT pg_notify($1, $2)', [CHANNEL, `!${gone}`]);
        const count = await client.query<{ n: string }>("SELECT count(*) AS n FROM mock_sessions WHERE name <> 'default'");
        if (Number(count.rows[0]?.n ?? 0) >= max) {
          await client.query('ROLLBACK');
          out.release();
          return 'full';
        }
        await client.query('INSERT INTO mock_sessions (name) VALUES ($1)', [name]);
        await client.query('COMMIT');
        out.release();
        return 'created';
      } catch (error) {
        // The server rolls back a transaction whose connection closes: a broken one is just dropped.
        if (!answeredByServer(error, out)) out.release(error);
        else
          await client.query('ROLLBACK').then(
            () => out.release(),
            (e: unknown) => out.release(e),
          );
        throw error;
      }
    },

    async sessionNames() {
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM mock_sessions ORDER BY created_at, name');
      return rows.map((r) => r.name);
    },

    async touch(names) {
      await pool.query('UPDATE mock_sessions SET last_used_at = now() WHERE name = ANY($1::text[])', [names]);
    },

    async beginWrite(session) {
      const out = await checkout(pool);
      const { client } = out;
      let open = true;
      /** Ends the transaction: COMMIT or ROLLBACK, or, when the connection cannot take one, drops it. */
      const finish = async (sql: 'COMMIT' | 'ROLLBACK', failure?: unknown): Promise<void> => {
        if (!open) return;
        open = false;
        if (failure !== undefined && !answeredByServer(failure, out)) {
          // The server rolls back the transaction of a connection that closes.
          out.release(failure);
          return;
        }
        try {
          await client.query(sql);
          out.release();
        } catch (error) {
          out.release(error);
          throw error;
        }
      };
      try {
        await client.query('BEGIN');
        // Every writer of this session, on any replica, queues here until the one before it committed.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`mock_session:${session}`]);
        const { rows } = await client.query<HeadRow>('SELECT name, generation, head FROM mock_sessions WHERE name = $1 FOR UPDATE', [session]);
        const row = rows[0];
        if (!row) throw new Error(`the session ${JSON.stringify(session)} is not in the database`);
        const head: SessionHead = { generation: row.generation, head: Number(row.head) };
        const write: SessionWrite = {
          head,
          changesAfter: (seq) => changesAfter(client, session, seq),
          async commit(change: ChangeToCommit) {
            const seq = head.head + 1;
            try {
              await client.query('INSERT INTO mock_session_log (session, seq, writes, side) VALUES ($1, $2, $3::jsonb, $4::jsonb)', [
                session,
                seq,
                `[${change.writes.join(',')}]`,
                change.side === undefined ? null : JSON.stringify(change.side),
              ]);
              // A reset or an import: rebuilds start here, and what came before is deleted after the commit.
              await client.query(
                `UPDATE mock_sessions SET head = $2, last_used_at = now(),
                   base = CASE WHEN $3::text IS NULL THEN base ELSE $2 END,
                   seed_entry = CASE WHEN $3::text = 'seed' THEN $2 ELSE seed_entry END
                 WHERE name = $1`,
                [session, seq, change.supersedes ?? null],
              );
              if (change.redeemed.length > 0) {
                await client.query('INSERT INTO mock_redeemed_codes (session, code) SELECT $1, unnest($2::text[])', [session, change.redeemed]);
              }
              if (change.dropped.length > 0) {
                await client.query('DELETE FROM mock_sessions WHERE name = ANY($1::text[])', [change.dropped]);
                await client.query('DELETE FROM mock_journal WHERE session = ANY($1::text[])', [change.dropped]);
                for (const name of change.dropped) await client.query('SELECT pg_notify($1, $2)', [CHANNEL, `!${name}`]);
              }
              await client.query('SELECT pg_notify($1, $2)', [CHANNEL, `${seq} ${head.generation} ${session}`]);
            } catch (error) {
              await finish('ROLLBACK', error).catch(() => undefined);
              throw error;
            }
            try {
              await finish('COMMIT');
            } catch (error) {
              // Refused by the server: not kept. Lost or not answered in time: the COMMIT may have gone through.
              throw error instanceof pg.DatabaseError ? error : new CommitOutcomeUnknown(error);
            }
            if (change.supersedes) compactLater(session).catch(() => undefined);
            return seq;
          },
          rollback: () => finish('ROLLBACK'),
        };
        return write;
      } catch (error) {
        await finish('ROLLBACK', error).catch(() => undefined);
        throw error;
      }
    },

    async appendJournal(rows) {
      if (rows.length === 0) return;
      await pool.query('INSERT INTO mock_journal (session, entry) SELECT * FROM unnest($1::text[], $2::jsonb[])', [
        rows.map((r) => r.session),
        rows.map((r) => r.entry),
      ]);
      journalInserts += rows.length;
      // The database keeps what the in-memory journal keeps: now and then, the oldest beyond that go.
      if (journalInserts >= JOURNAL_KEEP) {
        journalInserts = 0;
        await pool.query(
          `DELETE FROM mock_journal j USING (
             SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY session ORDER BY id DESC) AS n FROM mock_journal) r WHERE n > $1
           ) old WHERE j.id = old.id`,
          [JOURNAL_KEEP],
        );
      }
    },

    async readJournal(session, limit) {
      const { rows } =
        session === '*'
          ? await pool.query<{ id: string; session: string; entry: Record<string, unknown> }>(
              'SELECT id, session, entry FROM (SELECT * FROM mock_journal ORDER BY id DESC LIMIT $1) j ORDER BY id',
              [limit],
            )
          : await pool.query<{ id: string; session: string; entry: Record<string, unknown> }>(
              'SELECT id, session, entry FROM (SELECT * FROM mock_journal WHERE session = $1 ORDER BY id DESC LIMIT $2) j ORDER BY id',
              [session, limit],
            );
      return rows.map((r): JournalRow => ({ id: Number(r.id), session: r.session, entry: r.entry }));
    },

    async clearJournal(session) {
      if (session === '*') await pool.query('DELETE FROM mock_journal');
      else await pool.query('DELETE FROM mock_journal WHERE session = $1', [session]);
    },

    async heartbeat(replica) {
      await pool.query('INSERT INTO mock_replicas (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET seen_at = now()', [replica]);
      await pool.query("DELETE FROM mock_replicas WHERE seen_at < now() - interval '1 minute'");
    },

    async liveReplicas() {
      const { rows } = await pool.query<{ id: string }>("SELECT id FROM mock_replicas WHERE seen_at > now() - interval '3 seconds'");
      return rows.map((r) => r.id);
    },

    async notify(notice) {
      const payload = 'journalWanted' in notice ? `?${notice.journalWanted}` : `=${notice.journalSent} ${notice.replica}`;
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    },

    listen(onNotice) {
      return listenForNotices(connectionString, timeoutMs, onNotice, log);
    },

    compact: () => compactLater(),

    close: () => pool.end(),
  };
}

async function changesAfter(db: pg.Pool | pg.PoolClient, session: string, seq: number): Promise<LoggedChange[]> {
  // From 0 (a rebuild) or from before the session's base: the import-as-seed a reset returns to if older,
  // then the base entry on. Superseded entries are not read even before compaction deleted them.
  const { rows } = await db.query<{ seq: string; writes: LoggedChange['writes']; side: LoggedChange['side'] }>(
    `SELECT l.seq, l.writes, l.side FROM mock_session_log l, mock_sessions s
      WHERE s.name = $1 AND l.session = $1 AND l.seq > $2
        AND (l.seq >= s.base OR (l.seq = s.seed_entry AND s.seed_entry > 0))
      ORDER BY l.seq LIMIT $3`,
    [session, seq, LOG_PAGE],
  );
  return rows.map((r) => ({ seq: Number(r.seq), writes: r.writes, side: r.side }));
}

/**
 * Deletes the log entries a reset or an import superseded (of one session, or of every session), a batch per
 * statement so that none holds locks or runs long; returns how many went.
 */
async function compactLog(pool: pg.Pool, session?: string): Promise<number> {
  const names =
    session === undefined
      ? (
          await pool.query<{ name: string }>(
            `SELECT name FROM mock_sessions s WHERE EXISTS (
               SELECT 1 FROM mock_session_log l WHERE l.session = s.name AND l.seq < s.base AND l.seq <> s.seed_entry)`,
          )
        ).rows.map((r) => r.name)
      : [session];
  let deleted = 0;
  for (const name of names) {
    for (;;) {
      const { rowCount } = await pool.query(
        `DELETE FROM mock_session_log WHERE session = $1 AND seq IN (
           SELECT l.seq FROM mock_session_log l, mock_sessions s
            WHERE s.name = $1 AND l.session = $1 AND l.seq < s.base AND l.seq <> s.seed_entry
            ORDER BY l.seq LIMIT $2)`,
        [name, COMPACT_BATCH],
      );
      deleted += rowCount ?? 0;
      if ((rowCount ?? 0) < COMPACT_BATCH) break;
    }
  }
  return deleted;
}
