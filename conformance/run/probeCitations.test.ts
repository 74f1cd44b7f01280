/**
 * A probe (a wrong data-action secret) answered as if it were a valid call fails on the rule it probes:
 * the failure cites the authentication sentence, and no check of the success body cites the operation's
 * response sentence for an answer that should not exist.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEveryScenario } from '../testing/runEveryScenario.ts';

const SECRET = 'right-secret-0123456789abcdef';
const AUTH_SENTENCE = 'The data actions (endpoints 9 and 10) carry the app-specific secret in the body field `secret` instead of a header.';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // A partner's data actions that check the secret by answering 200 without `data` to a wrong one.
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      let body: { secret?: unknown } = {};
      try {
        body = JSON.parse(text) as { secret?: unknown };
      } catch {
        // judged below as a wrong secret
      }
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || !req.url?.includes('getUpdatedAfter')) return void res.writeHead(404).end('{}');
      if (typeof body.secret !== 'string') return void res.writeHead(400).end('{"error":"bad request"}');
      res.end(body.secret === SECRET ? '{"data":[]}' : '{"ok":false}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('a wrong secret answered 200', () => {
  it('fails secret-required on the authentication sentence, and nothing on that exchange cites the response sentence', async () => {
    const result = await runEveryScenario({
      config: { baseUrl, community: 'c1', appSecret: SECRET },
      areas: ['data-actions'],
      strict: true,
      seed: 7,
      now: () => new Date('2026-03-02T09:00:00.000Z'),
    });
    const failures = result.cases.flatMap((c) => [...c.failures, ...c.warnings]);
    const onWrongSecret = failures.filter((f) => JSON.stringify(f.exchange.request.body ?? '').includes('conform-wrong-'));
    expect(onWrongSecret.length).toBeGreaterThan(0);
    for (const f of onWrongSecret) expect({ check: f.check, source: f.source?.text }).toEqual({ check: 'secret-required', source: AUTH_SENTENCE });
  }, 60_000);
});
