import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../client/createClient.ts';
import type { Exchange } from '../client/Exchange.ts';
import { politeClient, retryAfterMs } from './politeClient.ts';

const NOW = new Date('2026-03-02T09:00:00.000Z');

function fakeClient(statuses: number[], retryAfter?: string): HttpClient & { sent: number } {
  const client = {
    sent: 0,
    baseUrl: 'http://target',
    secrets: undefined as never,
    exchanges: [] as Exchange[],
    url: (path: string) => path,
    backoff: { retries: 0, waitedMs: 0 },
    async send(): Promise<Exchange> {
      const headers: Record<string, string> = retryAfter ? { 'retry-after': retryAfter } : {};
      const status = statuses[Math.min(client.sent, statuses.length - 1)] as number;
      client.sent++;
      return {
        id: client.sent,
        request: { method: 'GET', url: '/', headers: {} },
        response: { status, headers, bodyText: '', body: undefined },
        durationMs: 1,
        curl: '',
      };
    },
  };
  return client;
}

describe('politeClient', () => {
  it('waits for Retry-After on a 429 and sends again', async () => {
    const waits: number[] = [];
    const inner = fakeClient([429, 200], '2');
    const exchange = await politeClient(
      inner,
      async (ms) => void waits.push(ms),
      () => NOW,
    ).send({ method: 'GET', path: '/' });
    expect(exchange.response?.status).toBe(200);
    expect(waits).toEqual([2000]);
    expect(inner.sent).toBe(2);
  });

  it('gives up when asked to wait longer than 10 s, or after two retries', async () => {
    const late = fakeClient([429], '30');
    expect(
      (
        await politeClient(
          late,
          async () => undefined,
          () => NOW,
        ).send({ method: 'GET', path: '/' })
      ).response?.status,
    ).toBe(429);
    expect(late.sent).toBe(1);
    const stubborn = fakeClient([429], '0');
    await politeClient(
      stubborn,
      async () => undefined,
      () => NOW,
    ).send({ method: 'GET', path: '/' });
    expect(stubborn.sent).toBe(3);
  });
});

describe('retryAfterMs', () => {
  it.each<[string | undefined, number]>([
    ['3', 3000],
    ['Mon, 02 Mar 2026 09:00:05 GMT', 5000],
    [undefined, 1000],
    ['soon', 1000],
  ])('%s → %i ms', (value, ms) => {
    expect(retryAfterMs(value, NOW)).toBe(ms);
  });
});
