/** One byte budget for every session's journal, counted in each session's memory figure; X-Mock-Warnings bounded. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../journal/entryFromExchange.ts';
import { Journal } from '../journal/Journal.ts';
import { JournalBudget } from '../journal/JournalBudget.ts';
import { devToken, startMock, type MockHarness } from '../testing/startMock.ts';

const entry = (body: string): Exchange => ({
  at: '2026-03-01T12:00:00.000Z',
  method: 'POST',
  url: '/x',
  session: 's',
  status: 200,
  durationMs: 1,
  requestHeaders: {},
  requestBody: body,
  responseHeaders: {},
  responseSize: 0,
});

describe('JournalBudget', () => {
  it('drops the oldest entries of the largest journal first, and a released journal gives its bytes back', () => {
    const budget = new JournalBudget(20_000);
    const quiet = new Journal(1000, budget);
    const loud = new Journal(1000, budget);
    quiet.record(entry('q'.repeat(1000)));
    for (let i = 0; i < 100; i++) loud.record(entry(`${i} `.padEnd(1000, 'x')));
    expect(budget.total).toBeLessThanOrEqual(20_000);
    expect(quiet.size).toBe(1);
    expect(loud.size).toBeGreaterThan(5);
    expect(loud.list().at(-1)?.request.body).toMatch(/^99 /);
    expect(loud.list()[0]?.request.body).not.toMatch(/^0 /);
    expect(budget.total).toBe(quiet.bytes + loud.bytes);
    loud.release();
    expect(budget.total).toBe(quiet.bytes);
  });
});

describe('the journals of a mock', () => {
  let mock: MockHarness;
  afterEach(async () => {
    await mock.close();
  });

  it("hold together at most the budget across sessions, and each session's memory figure counts its journal", async () => {
    const budget = 400_000;
    mock = await startMock({ journalBudgetBytes: budget });
    const community = mock.deps.store.communities()[0]!.id;
    const token = devToken(mock.deps, community, 'coordenator');
    const big = 'x'.repeat(7000);
    // Five sessions each send 40 requests with 7 KB bodies (~1.4 MB in all before the budget).
    for (let s = 0; s < 5; s++) {
      await Promise.all(
        Array.from({ length: 40 }, () =>
          mock.call('POST', '/v2/sync/b1/uploadEntities', {
            token,
            community,
            rawBody: big,
            contentType: 'text/plain',
            headers: { 'x-mock-session': `s${s}` },
          }),
        ),
      );
    }
    const journals = ['s0', 's1', 's2', 's3', 's4'].map((name) => mock.sessions.find(name)!.journal);
    const total = journals.reduce((n, j) => n + j.bytes, 0) + mock.deps.journal.bytes;
    expect(total).toBeLessThanOrEqual(budget);
    expect(journals.every((j) => j.size > 0 && j.size < 40)).toBe(true);
    const listed = (await mock.call<{ sessions: { name: string; memoryBytes: number }[] }>('GET', '/__mock/sessions')).body.sessions;
    const s4 = listed.find((s) => s.name === 's4')!;
    expect(s4.memoryBytes).toBeGreaterThanOrEqual(journals[4]!.bytes);
    expect(journals[4]!.bytes).toBeGreaterThan(journals[4]!.size * 7000);
  });

  it('caps X-Mock-Warnings in count and bytes', async () => {
    mock = await startMock();
    const community = mock.deps.store.communities()[0]!.id;
    const token = devToken(mock.deps, community, 'coordenator');
    const query = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`unknown_parameter_${i}`, 'v']));
    const res = await mock.call('GET', '/v1/groups', { token, community, query });
    const warnings = res.headers.get('x-mock-warnings') ?? '';
    expect(warnings).toMatch(/; and 19\d more$/);
    expect(warnings.length).toBeLessThanOrEqual(1100);
  });
});
