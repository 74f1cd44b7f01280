import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicaTestsRun, startPostgres, type TestPostgres } from '../../scripts/testing/postgres.ts';
import { startReplica, type TestReplica } from '../../scripts/testing/replica.ts';
import { pgReplicaDatabase } from './pgReplicaDatabase.ts';

const COMMUNITY = 'colegio-horizonte';
const TOKEN = 'dev-colegio-horizonte-coordenator';
/** The replicas' --database-timeout-ms: short, so a stall costs the test little. */
const TIMEOUT_MS = 1500;
/**
 * The bound this file holds the replicas to: every request answers within the database timeout of the later of
 * its arrival and the stall's start, plus this much for the scheduling of two busy cores.
 */
const SLACK_MS = 1500;
/** The replicas' --max-sessions: journal reads of more names than this must not fill a replica. */
const MAX_SESSIONS = 20;

interface Answer {
  alias: string;
  status: number;
  retryAfter: string | null;
  detail: string;
  startedAt: number;
  endedAt: number;
}

const headersOf = (session: string) => ({ authorization: `Bearer ${TOKEN}`, 'community-id': COMMUNITY, 'x-mock-session': session });

/** One upload of one group, as a client sends it once (status 0: no answer at all, the connection failed). */
async function uploadOnce(url: string, session: string, alias: string): Promise<Answer> {
  const startedAt = performance.now();
  try {
    const res = await fetch(`${url}/v2/sync/run-1/uploadEntities`, {
      method: 'POST',
      headers: { ...headersOf(session), 'content-type': 'application/json' },
      signal: AbortSignal.timeout(GIVE_UP_MS),
      body: JSON.stringify({ groups: { data: [{ alias, name: `Turma ${alias}`, season: '2031', active: true }] } }),
    });
    const body = (await res.json().catch(() => ({}))) as { detail?: string };
    return { alias, status: res.status, retryAfter: res.headers.get('retry-after'), detail: body.detail ?? '', startedAt, endedAt: performance.now() };
  } catch {
    return { alias, status: 0, retryAfter: null, detail: '', startedAt, endedAt: performance.now() };
  }
}

async function found(url: string, session: string, alias: string): Promise<boolean> {
  const res = await fetch(`${url}/v1/groups/search?alias=${encodeURIComponent(alias)}`, { headers: headersOf(session) });
  expect(res.status, `search ${alias}`).toBe(200);
  return ((await res.json()) as { hits: unknown[] }).hits.length === 1;
}

/** Writers uploading in a loop to one session until stopped; every answer is kept. */
function writeBurst(url: string, session: string, writers: number) {
  const answers: Answer[] = [];
  let stopped = false;
  let n = 0;
  const loops = Array.from({ length: writers }, async () => {
    while (!stopped) {
      const answer = await uploadOnce(url, session, `${session}-${n++}`);
      answers.push(answer);
      // A 503 says Retry-After: 1; a tenth of it keeps the test short and the replica busy.
      if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return {
    answers,
    acknowledged: () => answers.filter((a) => a.status === 200).length,
    async stop(): Promise<Answer[]> {
      stopped = true;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** Polls `done` every 50 ms, at most `tries` times: the wait is bounded by a count, the verdict is `done`. */
async function until(done: () => boolean | Promise<boolean>, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const NOTHING_CHANGED = /nothing changed/;
/** No request of this file waits longer: a replica that holds one for the whole stall fails, it does not hang the run. */
const GIVE_UP_MS = 15_000;

describe.runIf(replicaTestsRun('mock/replicas/databaseOutage.test.ts'))(
  'replicas when PostgreSQL restarts, stalls, or is asked odd things',
  { timeout: 120_000 },
  () => {
    let db: TestPostgres;
    let replicas: TestReplica[];
    let sql: pg.Pool;
    const args = ['--database-timeout-ms', String(TIMEOUT_MS), '--max-sessions', String(MAX_SESSIONS)];

    beforeAll(async () => {
      db = await startPostgres();
      replicas = await Promise.all([0, 1].map(() => startReplica(db.url, args)));
      sql = new pg.Pool({ connectionString: db.url, max: 2 });
      sql.on('error', () => undefined);
    }, 90_000);

    afterAll(async () => {
      await db?.thaw().catch(() => undefined);
      await sql?.end().catch(() => undefined);
      await Promise.all((replicas ?? []).map((r) => r.close()));
      await db?.close();
    });

    /** Every acknowledged write is read on the other replica; every write answered "nothing changed" is not. */
    async function expectKeptAsAnswered(answers: Answer[], session: string): Promise<void> {
      const other = replicas[1]!.url;
      const wrong: string[] = [];
      for (const a of answers) {
        if (a.status === 200 && !(await found(other, session, a.alias))) wrong.push(`${a.alias}: acknowledged but lost`);
        if (a.status === 503 && NOTHING_CHANGED.test(a.detail) && (await found(other, session, a.alias)))
          wrong.push(`${a.alias}: 503 "nothing changed" but kept`);
      }
      expect(wrong).toEqual([]);
    }

    function expectAlive(replica: TestReplica): void {
      expect(replica.child.exitCode, replica.stderr()).toBeNull();
      expect(replica.child.signalCode).toBeNull();
    }

    it('survives a database restart in the middle of concurrent writes: each answered 200 or 503 with Retry-After, none lost', async () => {
      const a = replicas[0]!;
      const burst = writeBurst(a.url, 'restart', 8);
      await until(() => burst.acknowledged() >= 20, '20 writes before the restart');
      // pg_ctl stop -m immediate: every connection, checked out or idle, is cut while writes are in flight.
      await db.restart(300);
      const before = burst.acknowledged();
      await until(() => burst.acknowledged() >= before + 20, '20 writes after the restart');
      const answers = await burst.stop();
      expectAlive(a);
      const odd = answers.filter((x) => x.status !== 200 && !(x.status === 503 && x.retryAfter === '1'));
      expect(odd.map((x) => `${x.alias}: ${x.status} ${x.detail}`)).toEqual([]);
      await expectKeptAsAnswered(answers, 'restart');
    });

    it(`answers 503 with Retry-After within ${TIMEOUT_MS} + ${SLACK_MS} ms while the database is stopped (SIGSTOP), and recovers after SIGCONT`, async () => {
      const a = replicas[0]!;
      const burst = writeBurst(a.url, 'stall', 8);
      await until(() => burst.acknowledged() >= 10, '10 writes before the stall');
      await db.freeze();
      const stalledAt = performance.now();
      let reads: Answer[];
      try {
        // Reads that need the database: a session this replica never served, and one whose freshness can no
        // longer be proven (no notification comes back): both 503, not a wait for as long as the stall lasts.
        reads = await Promise.all(
          ['stall', 'stall-new'].map(async (session) => {
            const startedAt = performance.now();
            const res = await fetch(`${a.url}/v1/groups?limit=1`, { headers: headersOf(session), signal: AbortSignal.timeout(GIVE_UP_MS) });
            await res.arrayBuffer();
            return { alias: session, status: res.status, retryAfter: res.headers.get('retry-after'), detail: '', startedAt, endedAt: performance.now() };
          }),
        );
        // Every writer has had an answer to a request sent after the stall began.
        await until(() => burst.answers.filter((x) => x.startedAt > stalledAt).length >= 8, 'an answer to each writer during the stall', 200);
      } finally {
        await db.thaw();
      }
      const thawedAt = performance.now();
      for (const r of reads) {
        expect(r, `read in ${r.alias}`).toMatchObject({ status: 503, retryAfter: '1' });
        expect(r.endedAt - r.startedAt).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      }
      // In flight at some point of the stall: answered within the bound of the later of its start and the stall's.
      for (const x of burst.answers.filter((y) => y.endedAt > stalledAt && y.startedAt < thawedAt))
        expect(x.endedAt - Math.max(x.startedAt, stalledAt), x.alias).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      // Sent and answered within the stall: 503 with Retry-After (one in flight when it began may have been 200).
      const during = burst.answers.filter((x) => x.startedAt > stalledAt && x.endedAt < thawedAt);
      expect(during.length).toBeGreaterThanOrEqual(8);
      for (const x of during) expect(x, x.alias).toMatchObject({ status: 503, retryAfter: '1' });
      const before = burst.acknowledged();
      await until(() => burst.acknowledged() >= before + 10, '10 writes after the stall');
      const answers = await burst.stop();
      expectAlive(a);
      expect(answers.filter((x) => x.status !== 200 && x.status !== 503)).toEqual([]);
      await expectKeptAsAnswered(answers, 'stall');
    });

    it('makes no session for a journal read that names one (?session=NAME), however many names', async () => {
      const a = replicas[1]!;
      const count = async () => Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM mock_sessions')).rows[0]!.n);
      const sessions = await count();
      // More names than --max-sessions: were each made on the replica, a new session would be refused after.
      for (let i = 0; i < MAX_SESSIONS + 10; i++) {
        const res = await fetch(`${a.url}/__mock/journal?session=ghost-${i}`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual([]);
      }
      expect((await fetch(`${a.url}/__mock/journal/count?session=${'x'.repeat(100)}`)).status).toBe(200);
      expect(await count()).toBe(sessions);
      // A session named by the header is made, as in one process, and the replica has room for it.
      expect((await uploadOnce(a.url, 'after-ghosts', 'real')).status).toBe(200);
      expect(await count()).toBe(sessions + 1);
      const listed = (await (await fetch(`${a.url}/__mock/sessions`)).json()) as { sessions: { name: string }[] };
      expect(listed.sessions.map((s) => s.name).filter((n) => n.startsWith('ghost-'))).toEqual([]);
    });

    it('rebuilds a session from its last reset: a restarted replica reads the entries after it, not the history before', async () => {
      const a = replicas[0]!;
      const burst = writeBurst(a.url, 'rebuild', 8);
      await until(() => burst.acknowledged() >= 150, '150 writes', 1200);
      await burst.stop();
      const reset = await fetch(`${a.url}/__mock/reset`, { method: 'POST', headers: headersOf('rebuild') });
      expect(reset.status).toBe(204);
      for (let i = 0; i < 5; i++) expect((await uploadOnce(a.url, 'rebuild', `after-reset-${i}`)).status).toBe(200);
      // What a rebuild reads, counted on the real query: the reset's entry and the five after it.
      const reader = pgReplicaDatabase(sql, db.url, () => undefined, TIMEOUT_MS);
      expect((await reader.changesAfter('rebuild', 0)).length).toBe(6);
      // And what was superseded is deleted in the background.
      const rows = async () => Number((await sql.query<{ n: string }>("SELECT count(*) AS n FROM mock_session_log WHERE session = 'rebuild'")).rows[0]!.n);
      await until(async () => (await rows()) === 6, 'the superseded entries to be deleted');
      // A replica started again rebuilds the session from those six: the reset's empty overlay and five groups.
      const b = replicas[1]!;
      await b.close();
      replicas[1] = await startReplica(db.url, args, b.port);
      const restarted = replicas[1].url;
      expect(await found(restarted, 'rebuild', 'after-reset-4')).toBe(true);
      expect(await found(restarted, 'rebuild', 'rebuild-0')).toBe(false);
    });
  },
);
