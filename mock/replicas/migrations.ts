/**
 * The replicas' schema, as numbered migrations applied in order on start (migrate.ts). A migration is never
 * edited once released: a change is a new entry. Every name carries the `mock_` prefix, so the mock can share
 * a database with other things.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'sessions, their ordered write log, redeemed codes, the journal',
    sql: `
      CREATE SEQUENCE mock_session_generation;
      -- One row per session; head is the seq of its last committed log entry, read before every answer.
      -- generation changes when a session is deleted and made again, so a replica knows to rebuild it.
      CREATE TABLE mock_sessions (
        name text PRIMARY KEY,
        generation bigint NOT NULL DEFAULT nextval('mock_session_generation'),
        head bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO mock_sessions (name) VALUES ('default');
      -- Each acknowledged request that changed a session: its store writes in order, and the session's
      -- clock, latency, faults and OAuth state after it when they changed.
      CREATE TABLE mock_session_log (
        session text NOT NULL REFERENCES mock_sessions (name) ON DELETE CASCADE,
        seq bigint NOT NULL,
        writes jsonb NOT NULL,
        side jsonb,
        committed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session, seq)
      );
      -- A code is redeemed once (RFC 6749 section 4.1.2): the key refuses a second redemption whatever a replica believes.
      CREATE TABLE mock_redeemed_codes (
        session text NOT NULL REFERENCES mock_sessions (name) ON DELETE CASCADE,
        code text NOT NULL,
        PRIMARY KEY (session, code)
      );
      CREATE TABLE mock_journal (
        id bigserial PRIMARY KEY,
        session text NOT NULL,
        entry jsonb NOT NULL
      );
      CREATE INDEX mock_journal_session ON mock_journal (session, id);
    `,
  },
  {
    version: 2,
    name: 'live replicas, for gathering the journal',
    sql: `
      -- Each replica says it is alive every second; a journal read waits for the live ones to send their entries.
      CREATE TABLE mock_replicas (
        id text PRIMARY KEY,
        seen_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 3,
    name: 'where a rebuild starts: the last reset or import of each session',
    sql: `
      -- base: the seq of the session's last entry that replaced its whole store (a reset, an import); what came
      -- before it is superseded, read by no rebuild, and deleted in the background. seed_entry: its last import
      -- as the seed, which a reset returns to, so it is kept and read before base when it is older.
      ALTER TABLE mock_sessions ADD COLUMN base bigint NOT NULL DEFAULT 0, ADD COLUMN seed_entry bigint NOT NULL DEFAULT 0;
    `,
  },
];
