import { describe, expect, it } from 'vitest';
import type { Exchange } from './entryFromExchange.ts';
import { Journal } from './Journal.ts';
import type { JournalEntry } from './JournalEntry.ts';

const exchange = (path: string, more: Partial<Exchange> = {}): Exchange => ({
  at: new Date('2026-03-01T12:00:00.000Z'),
  method: 'GET',
  url: path,
  requestHeaders: {},
  status: 200,
  responseHeaders: {},
  durationMs: 1,
  ...more,
});

describe('Journal', () => {
  it('keeps the newest entries up to its capacity, oldest first, and finds each by seq', () => {
    const journal = new Journal(3);
    for (let i = 1; i <= 7; i++) journal.record(exchange(`/${i}`));
    expect(journal.size).toBe(3);
    expect(journal.list().map((e) => [e.seq, e.path])).toEqual([
      [5, '/5'],
      [6, '/6'],
      [7, '/7'],
    ]);
    expect(journal.get(4)).toBeUndefined();
    expect(journal.get(6)?.path).toBe('/6');
    expect(journal.get(8)).toBeUndefined();
    expect(journal.list({ limit: 2 }).map((e) => e.seq)).toEqual([6, 7]);
  });

  it('builds an entry once, when first read (an answer held as a value is written only then), and numbers on after a clear', () => {
    const journal = new Journal(2);
    let written = 0;
    const writeValue = (value: unknown): string => (written++, JSON.stringify(value));
    journal.record(exchange('/a', { responseValue: { a: 1 }, writeValue, responseHeaders: ['Content-Type', 'application/json'] }));
    journal.record(exchange('/b'));
    expect(written).toBe(0);
    expect(journal.list().map((e) => [e.path, e.response.body])).toEqual([
      ['/a', { a: 1 }],
      ['/b', undefined],
    ]);
    expect(journal.list()[0]?.response.headers).toEqual({ 'content-type': 'application/json' });
    journal.list();
    expect(written).toBe(1);
    journal.clear();
    expect(journal.size).toBe(0);
    journal.record(exchange('/c'));
    expect(journal.list().map((e) => [e.seq, e.path])).toEqual([[3, '/c']]);
    expect(journal.count({ path: '/c' })).toBe(1);
  });

  it('keeps a copy of the head of a long body, and its whole size: 1 MiB of a request, 8 KiB of an answer', () => {
    const journal = new Journal();
    const long = 'x'.repeat(100_000);
    const huge = 'y'.repeat(3_000_000);
    const handed = exchange('/long', { requestBody: Buffer.from(long), responseBody: long, responseHeaders: { 'content-type': 'text/plain' } });
    const upload = exchange('/huge', { requestBody: Buffer.from(huge), responseBody: 'ok', responseHeaders: { 'content-type': 'text/plain' } });
    journal.record(handed);
    journal.record(upload);
    expect((handed.requestBody as Buffer).length).toBe(100_000);
    expect((handed.responseBody as Buffer).length).toBeLessThan(10_000);
    expect((upload.requestBody as Buffer).length).toBeLessThanOrEqual(1024 * 1024 + 1);
    const [entry, big] = journal.list();
    expect([entry?.request.size, entry?.request.truncated, entry?.response.size, entry?.response.truncated]).toEqual([100_000, undefined, 100_000, true]);
    expect([big?.request.size, big?.request.truncated, (big?.request.body as string).length]).toEqual([3_000_000, true, 1024 * 1024]);
  });

  it('tells its listeners of each exchange, in the session it was answered in, until they stop', () => {
    const journal = new Journal();
    const heard: (string | undefined)[] = [];
    const stop = journal.subscribe((x) => heard.push(x.session));
    journal.record(exchange('/1', { session: 'alice' }));
    stop();
    journal.record(exchange('/2', { session: 'alice' }));
    expect(heard).toEqual(['alice']);
    expect(journal.list().map((e) => e.session)).toEqual(['alice', 'alice']);
  });

  it('restores an entry saved before as it was', () => {
    const journal = new Journal();
    journal.record(exchange('/1'));
    const { seq: _seq, ...saved } = journal.list()[0] as JournalEntry;
    const again = new Journal();
    again.restore(saved);
    expect(again.list()).toEqual([{ ...saved, seq: 1 }]);
  });
});

describe('Journal.replaceWith (the journal as replicas share it)', () => {
  const entry = (seq: number): JournalEntry =>
    ({
      seq,
      at: '2026-03-01T12:00:00.000Z',
      method: 'GET',
      url: `/x/${seq}`,
      path: `/x/${seq}`,
      session: 'default',
      status: 200,
      durationMs: 1,
      request: { headers: {}, size: 0 },
      response: { headers: {}, size: 0 },
    }) as JournalEntry;

  it('keeps the given numbers, gaps included, finds each by its number, and numbers later entries after them', () => {
    const j = new Journal(3);
    j.record(exchange('/x/0'));
    j.replaceWith([entry(10), entry(14), entry(20), entry(31)]);
    expect(j.list().map((e) => e.seq)).toEqual([14, 20, 31]);
    expect(j.get(20)?.url).toBe('/x/20');
    expect(j.get(10)).toBeUndefined();
    j.record(exchange('/x/32'));
    expect(j.list().map((e) => e.seq)).toEqual([20, 31, 32]);
  });
});
