import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parseNotice } from './parseNotice.ts';
import type { ChangeToCommit, JournalRow, Listening, LoggedChange, Notice, ReplicaDatabase, SessionHead, SessionWrite } from './ReplicaDatabase.ts';

const CHANNEL = 'mock_log';
/** The advisory lock that serialises making sessions, so two replicas cannot both take the last free place. */
const SESSION_LIST_LOCK = 7_310_423;
/** Journal entries kept per session in the database, as the in-memory journal keeps (mock/controls/Journal.ts). */
const JOURNAL_KEEP = 1000;

interface HeadRow {
  name: string;
  generation: string;
  head: string;
}

/** The ReplicaDatabase on PostgreSQL through a `pg` pool. */
export function pgReplicaDatabase(pool: pg.Pool, connectionString: string, log: (line: string) => void): ReplicaDatabase {
  let journalInserts = 0;
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
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [SESSION_LIST_LOCK]);
        const known = await client.query('SELECT 1 FROM mock_sessions WHERE name = $1', [name]);
        if (known.rowCount) {
          await client.query('COMMIT');
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
          return 'full';
        }
        await client.query('INSERT INTO mock_sessions (name) VALUES ($1)', [name]);
        await client.query('COMMIT');
        return 'created';
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
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
      const client = await pool.connect();
      let open = true;
      const finish = async (sql: string): Promise<void> => {
        if (!open) return;
        open = false;
        try {
          await client.query(sql);
        } finally {
          client.release();
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
              await client.query('UPDATE mock_sessions SET head = $2, last_used_at = now() WHERE name = $1', [session, seq]);
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
              await finish('ROLLBACK').catch(() => undefined);
              throw error;
            }
            await finish('COMMIT');
            return seq;
          },
          rollback: () => finish('ROLLBACK'),
        };
        return write;
      } catch (error) {
        await finish('ROLLBACK').catch(() => undefined);
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
      return listenForNotices(connectionString, onNotice, log);
    },

    close: () => pool.end(),
  };
}

async function changesAfter(db: pg.Pool | pg.PoolClient, session: string, seq: number): Promise<LoggedChange[]> {
  const { rows } = await db.query<{ seq: string; writes: LoggedChange['writes']; side: LoggedChange['side'] }>(
    'SELECT seq, writes, side FROM mock_session_log WHERE session = $1 AND seq > $2 ORDER BY seq',
    [session, seq],
  );
  return rows.map((r) => ({ seq: Number(r.seq), writes: r.writes, side: r.side }));
}

/**
 * A dedicated connection LISTENing on the channel, and on a fence channel of its own; when it breaks (a database
 * restart) it comes back after a pause. While it is down or new, requests read their session's head instead.
 */
function listenForNotices(connectionString: string, onNotice: (notice: Notice) => void, log: (line: string) => void): Listening {
  let stopped = false;
  let client: pg.Client | undefined;
  let ready = false;
  let retry: NodeJS.Timeout | undefined;
  // Its own channel: no other replica wakes for this one's fences.
  const fenceChannel = `mock_fence_${randomBytes(6).toString('hex')}`;
  const connect = (): void => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    let failed = false;
    const again = (error?: Error): void => {
      if (failed) return;
      failed = true;
      if (ready) onNotice({ listening: false });
      ready = false;
      c.end().catch(() => undefined);
      if (stopped) return;
      if (error) log(`mock: the database notice channel broke (${error.message}); reconnecting`);
      retry = setTimeout(connect, 500);
    };
    c.on('error', again);
    c.on('end', () => again());
    c.on('notification', (message) => {
      if (message.channel === fenceChannel) {
        onNotice({ fence: Number(message.payload) });
        return;
      }
      const notice = parseNotice(message.payload ?? '');
      if (notice) onNotice(notice);
    });
    c.connect()
      .then(() => c.query(`LISTEN ${CHANNEL}; LISTEN ${fenceChannel}`))
      .then(() => {
        if (failed || stopped) return;
        ready = true;
        onNotice({ listening: true });
      })
      .catch((error: Error) => again(error));
  };
  connect();
  return {
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      client?.end().catch(() => undefined);
    },
    fence(id) {
      const c = client;
      if (!ready || !c) return;
      // The simple protocol: one message, no parse and bind. A failure breaks the connection, as any other.
      c.query(`NOTIFY ${fenceChannel}, '${id}'`).catch(() => undefined);
    },
  };
}
