import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { runConformance } from '../run/runConformance.ts';
import { sendJson, startServer, type RunningServer } from '../testing/startServer.ts';
import { readHar } from '../har/readHar.ts';
import { createReplayScenario } from './replayScenario.ts';
import { selectApiEntries } from './selectApiEntries.ts';
import { whyNotSendable, type OutgoingParts } from './whyNotSendable.ts';

const parts = (over: Partial<OutgoingParts>): OutgoingParts => ({ method: 'GET', headers: {}, ...over });

describe('whyNotSendable', () => {
  it.each<[string, Partial<OutgoingParts>, RegExp | undefined]>([
    ['an ordinary request', { headers: { authorization: 'Bearer abc', 'community-id': 'c-1' } }, undefined],
    ['a value with spaces, tabs and Latin-1 bytes (obs-text)', { headers: { 'community-id': 'Colégio\tSão Paulo' } }, undefined],
    ['a CR in a value', { headers: { authorization: 'Bearer a\rb' } }, /authorization header holds a carriage return \(CR\) \(U\+000D\)/],
    ['a LF in a value (a header injection)', { headers: { authorization: 'Bearer a\nX-Admin: 1' } }, /line feed \(LF\) \(U\+000A\)/],
    ['a NUL in a value', { headers: { 'community-id': 'c\0' } }, /NUL \(U\+0000\)/],
    ['another control character', { headers: { 'community-id': 'c\u0001' } }, /control character U\+0001/],
    ['DEL', { headers: { 'community-id': 'c\u007f' } }, /control character U\+007F/],
    ['a character above U+00FF', { headers: { 'community-id': 'comunidade ā' } }, /character U\+0101, above U\+00FF/],
    ['an emoji', { headers: { authorization: 'Bearer 🔑' } }, /character U\+1F511, above U\+00FF/],
    ['a header name that is not a token', { headers: { 'bad name': 'x' } }, /header name "bad name" is not a token/],
    ['a method that is not a token', { method: 'GET /' }, /method "GET \/" is not a token/],
    ['a lone surrogate in a path parameter', { urlValues: { 'path parameter groupId': 'a\ud800' } }, /path parameter groupId holds a lone UTF-16 surrogate/],
    ['a surrogate pair in a query value', { urlValues: { 'query parameter name': 'a😀' } }, undefined],
  ])('%s', (_name, over, want) => {
    const why = whyNotSendable(parts(over));
    if (want) expect(why).toMatch(want);
    else expect(why).toBeUndefined();
  });
});

describe('a recorded header no client can send, replayed', () => {
  let server: RunningServer;
  const received: Array<string | undefined> = [];
  beforeAll(async () => {
    server = await startServer((req, res) => {
      if (req.url !== '/') received.push(req.headers['community-id'] as string | undefined);
      sendJson(res, 200, []);
    });
  });
  afterAll(() => server.close());

  const entry = (status: number, headers: Record<string, string>) => ({
    startedDateTime: '2026-01-01T00:00:00Z',
    request: { method: 'GET', url: 'http://localhost:4010/v1/groups', headers: Object.entries(headers).map(([name, value]) => ({ name, value })) },
    response: { status, headers: [], content: { text: '[]' } },
  });

  it.each<[string, number, Record<string, string>]>([
    ['a refused token holding CR LF (sent as recorded, as a probe)', 401, { authorization: 'Bearer a\r\nX-Admin: 1', 'community-id': 'c-1' }],
    ['a community above U+00FF', 200, { 'community-id': 'comunidade ā' }],
    ['a community holding NUL', 200, { 'community-id': 'c\0' }],
  ])('%s is not replayable (skipped with why), never a failure of the target', async (_name, status, headers) => {
    received.length = 0;
    const har = JSON.stringify({ log: { entries: [entry(status, headers)] } });
    const contract = loadContract();
    const plan = { file: 'x.har', sha256: '0', recorded: {}, ...selectApiEntries(readHar(har, 'x.har'), contract) };
    const result = await runConformance({
      config: { baseUrl: server.url, token: 't', community: 'c-1' },
      areas: ['replay'],
      scenarios: [createReplayScenario(plan)],
      seed: 1,
      now: () => new Date('2026-01-01T00:00:00Z'),
      contract,
    });
    expect(result.cases.flatMap((c) => c.failures.map((f) => f.check))).toEqual([]);
    expect(result.cases).toMatchObject([
      { status: 'skipped', skipReason: expect.stringMatching(/^not replayable: the (authorization|community-id) header holds/) },
    ]);
    expect(received).toEqual([]);
  });
});
