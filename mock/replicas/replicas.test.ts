import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHaproxy, type TestBalancer } from '../../scripts/testing/haproxy.ts';
import { replicaTestsRun, startPostgres, type TestPostgres } from '../../scripts/testing/postgres.ts';
import { startReplica, type TestReplica } from '../../scripts/testing/replica.ts';
import { createDeps } from '../createDeps.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import { clientSecret, codeFor, CONFIDENTIAL, tokenRequest } from '../testing/oauthKit.ts';
import type { CallOptions, CallResult, MockHarness } from '../testing/startMock.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const COMMUNITY = 'colegio-horizonte';
const TOKEN = 'dev-colegio-horizonte-coordenator';

// The same seed as the replicas: what the tests need to know of the data (secrets, users) comes from here.
// The seeded data every replica starts from, as a client reads it (the default session's).
const deps = createDeps().sessions.use(DEFAULT_SESSION);

/** A MockHarness-shaped client of one URL, so the OAuth test kit drives replicas as it drives the in-process mock. */
function clientOf(baseUrl: string, session?: string): MockHarness {
  const call = async <T>(method: string, path: string, o: CallOptions = {}): Promise<CallResult<T>> => {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.append(k, String(v));
    const headers: Record<string, string> = { ...(session ? { 'x-mock-session': session } : {}), ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.community) headers['community-id'] = o.community;
    let body: string | undefined;
    if (o.rawBody !== undefined) {
      body = o.rawBody;
      headers['content-type'] = o.contentType ?? 'text/plain';
    } else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = o.contentType ?? 'application/json';
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the text is the body.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
  return { baseUrl, deps, call, violations: [] } as unknown as MockHarness;
}

/**
 * An upload as a client sends it: a 503 storage_unavailable with Retry-After acknowledged nothing ("nothing
 * changed"), so it is sent again after the wait, a few times; what these tests judge is what a 200 promises.
 */
const upload = async (client: MockHarness, alias: string, run = 'run-1') => {
  for (let attempt = 1; ; attempt++) {
    const res = await client.call<{ received?: unknown }>('POST', `/v2/sync/${run}/uploadEntities`, {
      token: TOKEN,
      community: COMMUNITY,
      body: { groups: { data: [{ alias, name: `Turma ${alias}`, season: '2031', active: true }] } },
    });
    if (res.status !== 503 || attempt === 5) return res;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
};
const search = (client: MockHarness, alias: string) =>
  client.call<{ hits: { alias?: string; name: string }[] }>('GET', '/v1/groups/search', { token: TOKEN, community: COMMUNITY, query: { alias } });

describe.runIf(replicaTestsRun('mock/replicas/replicas.test.ts'))('three replicas on PostgreSQL behind HAProxy', { timeout: 180_000 }, () => {
  let db: TestPostgres;
  let replicas: TestReplica[];
  let balancer: TestBalancer;

  beforeAll(async () => {
    db = await startPostgres();
    // Started together: the schema migrations must be safe when every replica runs them at once.
    replicas = await Promise.all([0, 1, 2].map(() => startReplica(db.url)));
    balancer = await startHaproxy(replicas.map((r) => r.port));
  }, 120_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all((replicas ?? []).map((r) => r.close()));
    await db?.close();
  });

  it('reads an upload made on one replica on another, at once, and through the balancer on the next request', async () => {
    const [a, b] = [clientOf(replicas[0]!.url, 'upload'), clientOf(replicas[1]!.url, 'upload')];
    expect((await upload(a, 'rep-1')).status).toBe(200);
    expect((await search(b, 'rep-1')).body.hits.map((h) => h.name)).toEqual(['Turma rep-1']);
    const lb = clientOf(balancer.url, 'upload-lb');
    for (let i = 0; i < 6; i++) {
      expect((await upload(lb, `lb-${i}`)).status).toBe(200);
      expect((await search(lb, `lb-${i}`)).body.hits).toHaveLength(1);
    }
    // Another session sees none of it.
    expect((await search(clientOf(replicas[2]!.url, 'elsewhere'), 'rep-1')).body.hits).toEqual([]);
  });

  it('reads each write on another replica right after its answer, 30 in a row over three replicas', async () => {
    // No pause between a write's answer and the read on another replica: the 20 ms the answer waited after the
    // commit and the reader's fence are what make the read see it (docs/scale-out.md, the consistency promise).
    const clients = replicas.map((r) => clientOf(r.url, 'ryw')) as [MockHarness, MockHarness, MockHarness];
    for (let i = 0; i < 30; i++) {
      const writer = clients[i % 3]!;
      const reader = clients[(i + 1) % 3]!;
      expect((await upload(writer, `ryw-${i}`)).status).toBe(200);
      expect((await search(reader, `ryw-${i}`)).body.hits, `write ${i}`).toHaveLength(1);
    }
  });

  it('redeems on one replica a code issued by another, once only (RFC 6749 §4.1.2)', async () => {
    const [a, b, c] = replicas.map((r) => clientOf(r.url, 'oauth')) as [MockHarness, MockHarness, MockHarness];
    const { code, verifier, redirectUri } = await codeFor(a);
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: CONFIDENTIAL,
      client_secret: clientSecret(a),
    };
    const first = await tokenRequest(b, form);
    expect(first.status, first.text).toBe(200);
    const again = await tokenRequest(c, form);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    // The access token issued on b works on c.
    const me = await c.call('GET', '/v1/users/me', { token: first.body.access_token });
    expect(me.status).not.toBe(401);
  });

  it('counts on a third replica the journal of exchanges answered by the other two', async () => {
    const [a, b, c] = replicas.map((r) => clientOf(r.url, 'journal')) as [MockHarness, MockHarness, MockHarness];
    for (let i = 0; i < 4; i++) {
      await search(a, `j-${i}`);
      await search(b, `j-${i}`);
    }
    const count = await c.call<{ count: number }>('GET', '/__mock/journal/count', { query: { operationId: 'searchGroups' } });
    expect(count.body.count).toBe(8);
  });

  it('shares the clock and the faults of a session', async () => {
    const [a, b] = [clientOf(replicas[0]!.url, 'controls'), clientOf(replicas[1]!.url, 'controls')];
    expect((await a.call('PUT', '/__mock/clock', { body: { now: '2031-05-01T00:00:00.000Z' } })).status).toBe(200);
    // The replicas' clocks run: b reads the instant a set, plus the moments in between.
    const now = Date.parse((await b.call<{ now: string }>('GET', '/__mock/clock')).body.now);
    expect(now - Date.parse('2031-05-01T00:00:00.000Z')).toBeGreaterThanOrEqual(0);
    expect(now - Date.parse('2031-05-01T00:00:00.000Z')).toBeLessThan(2000);
    expect((await a.call('PUT', '/__mock/faults', { body: { active: ['ignore-active-filter'] } })).status).toBe(200);
    expect((await b.call<{ active: string[] }>('GET', '/__mock/faults')).body.active).toEqual(['ignore-active-filter']);
    const sessions = await clientOf(replicas[2]!.url).call<{ sessions: { name: string }[] }>('GET', '/__mock/sessions');
    expect(sessions.body.sessions.map((s) => s.name)).toEqual(expect.arrayContaining(['default', 'upload', 'oauth', 'journal', 'controls']));
  });

  it('shares the stubs of a session: added on one replica, used once across all, removed on another', async () => {
    const [a, b, c] = replicas.map((r) => clientOf(r.url, 'stubs')) as [MockHarness, MockHarness, MockHarness];
    type Listed = { stubs: { id: string; matched: number; remaining?: number }[] };
    const listed = async (client: MockHarness) => (await client.call<Listed>('GET', '/__mock/stubs')).body.stubs;
    const stubbed = (client: MockHarness) => search(client, 'none').then((r) => r.status);
    // Without times: added on a, it answers on b (no database round trip for such a read).
    const always = await a.call<{ id: string }>('POST', '/__mock/stubs', { body: { operationId: 'searchGroups', status: 418, priority: -1 } });
    expect(always.status).toBe(201);
    expect(await stubbed(b)).toBe(418);
    // times 1, replicas hit in turn: answered exactly once across them (docs/scale-out.md, stubs).
    const once = await b.call<{ id: string }>('POST', '/__mock/stubs', { body: { operationId: 'searchGroups', status: 503, times: 1 } });
    expect([await stubbed(c), await stubbed(a), await stubbed(b), await stubbed(c)]).toEqual([503, 418, 418, 418]);
    // The same under a concurrent burst through every replica: one 503 among eight.
    expect((await c.call('PUT', '/__mock/stubs', { body: { stubs: [{ operationId: 'searchGroups', status: 503, times: 1 }] } })).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => stubbed([a, b, c][i % 3]!)));
    expect(burst.filter((s) => s === 503)).toHaveLength(1);
    expect(burst.filter((s) => s === 200)).toHaveLength(7);
    // Every replica counts the same: used once, none left.
    for (const client of [a, b, c]) expect(await listed(client)).toEqual([expect.objectContaining({ matched: 1, remaining: 0 })]);
    expect(once.body.id).toBeTruthy();
    // Removed on b, gone on a.
    const [left] = await listed(b);
    expect((await b.call('DELETE', `/__mock/stubs/${left!.id}`)).status).toBe(204);
    expect(await listed(a)).toEqual([]);
  });

  it('passes three strict conformance runs in three sessions in parallel through the balancer', async () => {
    const runs = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        run(
          process.execPath,
          [
            '--import',
            'tsx',
            'conformance/cli.ts',
            '--base-url',
            balancer.url,
            '--config',
            'fixtures/conform.mock.json',
            '--strict',
            '--header',
            `X-Mock-Session: conform-${n}`,
          ],
          {
            cwd: root,
            maxBuffer: 16 * 1024 * 1024,
            env: { ...process.env, NO_COLOR: '1' },
          },
        ),
      ),
    );
    const failures = runs.flatMap((r) =>
      r.status === 'rejected' ? [`${(r.reason as { stdout?: string }).stdout?.slice(-3000) ?? ''}\n${String(r.reason)}`] : [],
    );
    expect(failures).toEqual([]);
  });

  it('loses no acknowledged write when a replica is killed in the middle of a burst, and a restarted one catches up', async () => {
    const victim = replicas[0]!;
    const target = clientOf(victim.url, 'burst');
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const writer = async (): Promise<void> => {
      while (!killed) {
        const alias = `burst-${n++}`;
        try {
          if ((await upload(target, alias)).status === 200) acknowledged.push(alias);
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    killed = true;
    await victim.kill();
    await Promise.all(writers);
    const survivor = clientOf(replicas[1]!.url, 'burst');
    const missing: string[] = [];
    for (const alias of acknowledged) if ((await search(survivor, alias)).body.hits.length !== 1) missing.push(alias);
    expect(missing).toEqual([]);
    // The others kept serving, and a replica started again on the same port answers with everything.
    expect((await search(clientOf(balancer.url, 'burst'), acknowledged[0]!)).body.hits).toHaveLength(1);
    replicas[0] = await startReplica(db.url, [], victim.port);
    const restarted = clientOf(replicas[0].url, 'burst');
    expect((await search(restarted, acknowledged.at(-1)!)).body.hits).toHaveLength(1);
  });

  it('made no write outside a write request (every change of every test reached the database)', () => {
    for (const r of replicas) expect(r.stderr()).not.toContain('outside a write request');
  });

  it('answers 503 storage_unavailable while the database is down, and recovers by itself', async () => {
    const a = clientOf(replicas[1]!.url, 'outage');
    expect((await upload(a, 'before')).status).toBe(200);
    await db.stop();
    try {
      const down = await upload(a, 'during');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 'storage_unavailable' });
      expect(down.headers.get('retry-after')).toBe('1');
      const read = await search(a, 'before');
      expect(read.status).toBe(503);
    } finally {
      await db.start();
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await upload(a, 'after')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    const b = clientOf(replicas[2]!.url, 'outage');
    expect((await search(b, 'before')).body.hits).toHaveLength(1);
    expect((await search(b, 'during')).body.hits).toHaveLength(0);
    expect((await search(b, 'after')).body.hits).toHaveLength(1);
  });
});
