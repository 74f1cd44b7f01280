import { describe, expect, it } from 'vitest';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';
import type { JournalEntry } from './JournalEntry.ts';
import { harFileName, journalToHar, type Har } from './journalToHar.ts';

const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  seq: 1,
  at: '2026-03-01T12:00:00.000Z',
  method: 'GET',
  url: '/v1/groups?limit=2&name=Turma%20A',
  path: '/v1/groups',
  operationId: 'listGroups',
  session: 'default',
  status: 200,
  durationMs: 3,
  request: { headers: { authorization: 'Bearer ***abcd', 'community-id': 'c1' }, size: 0 },
  response: { headers: { 'content-type': 'application/json' }, body: [{ _id: 'g1' }], size: 13 },
  ...over,
});
const OPTIONS = { origin: 'http://localhost:4010/', creator: { name: 'edu-mock', version: '1' } };

describe('journalToHar', () => {
  it.each<[string, Partial<JournalEntry>, (har: Har['log']['entries'][number]) => void]>([
    [
      'a read: absolute URL, query string, headers as pairs, JSON text',
      {},
      (e) => {
        expect(e.request.url).toBe('http://localhost:4010/v1/groups?limit=2&name=Turma%20A');
        expect(e.request.queryString).toEqual([
          { name: 'limit', value: '2' },
          { name: 'name', value: 'Turma A' },
        ]);
        expect(e.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer ***abcd' });
        expect(e.request.postData).toBeUndefined();
        expect(JSON.parse(e.response.content.text as string)).toEqual([{ _id: 'g1' }]);
        expect(e).toMatchObject({ _operationId: 'listGroups', _session: 'default', _journalSeq: 1, time: 3 });
      },
    ],
    [
      'a write: its body as postData with its media type',
      { method: 'POST', url: '/v2/sync/r1/uploadEntities', request: { headers: { 'content-type': 'application/json' }, body: { secret: '***' }, size: 30 } },
      (e) => {
        expect(e.request.postData).toEqual({ mimeType: 'application/json', text: '{"secret":"***"}' });
        expect(e.request.bodySize).toBe(30);
      },
    ],
    [
      'a cut body is marked',
      { response: { headers: {}, body: '[{"_id', size: 90_000, truncated: true } },
      (e) => {
        expect(e._truncated).toBe(true);
        expect(e.response.content).toEqual({ size: 90_000, mimeType: '', text: '[{"_id' });
      },
    ],
    ['violations are kept', { violations: ['response: must be array'] }, (e) => expect(e._violations).toEqual(['response: must be array'])],
  ])('%s', (_name, over, expectations) => {
    const har = journalToHar([entry(over)], OPTIONS);
    expect(har.log).toMatchObject({ version: '1.2', creator: OPTIONS.creator, pages: [] });
    expectations(har.log.entries[0]!);
  });

  it('names the file after the session and the newest entry, safely', () => {
    expect(harFileName('alice', '2026-03-01T12:00:00.123Z')).toBe('mock-journal-alice-2026-03-01T120000Z.har');
    expect(harFileName('a"b\r\n', 'x')).toBe('mock-journal-a-b--x.har');
  });
});

describe('GET /__mock/journal/har', () => {
  let mock: MockHarness;
  let community: string;
  let token: string;
  let secret: string;
  useMock('test', (fx) => ({ mock, community, token, secret } = fx));

  it('answers the journal as HAR 1.2, filtered, secrets masked, as a download', async () => {
    await mock.call('GET', '/v1/groups', { token, community, query: { limit: 2 } });
    await mock.call('POST', '/v1/@platform:data:Users:getUpdatedAfter', { body: { secret, context: { community }, data: { limit: 1 } } });
    const all = await mock.call<Har>('GET', '/__mock/journal/har');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-disposition')).toMatch(/^attachment; filename="mock-journal-default-[\w-]+\.har"$/);
    expect(all.body.log.entries.map((e) => e._operationId)).toEqual(['listGroups', 'getUpdatedUsers']);
    expect(all.text).not.toContain(token);
    expect(all.text).not.toContain(secret);
    expect(JSON.parse(all.body.log.entries[1]!.request.postData!.text)).toMatchObject({
      secret: expect.stringMatching(/^\*\*\*/),
      context: { community },
      data: { limit: 1 },
    });
    const filtered = await mock.call<Har>('GET', '/__mock/journal/har', { query: { operationId: 'getUpdatedUsers' } });
    expect(filtered.body.log.entries).toHaveLength(1);
    const other = await mock.call<Har>('GET', '/__mock/journal/har', { query: { session: 'nobody' } });
    expect(other.body.log.entries).toEqual([]);
    expect((await mock.call('GET', '/__mock/journal/har', { query: { nope: '1' } })).status).toBe(400);
  });

  it("is what the dashboard's Export HAR button downloads, for the session shown", async () => {
    const page = (await mock.call('GET', '/__mock/ui')).text;
    expect(page).toContain('<button id="export-har" type="button"');
    expect(page).toContain('/__mock/journal/har?session=${encodeURIComponent(session)}');
  });
});
