import { describe, expect, it } from 'vitest';
import { DEADLINE_PASSED, timedOut } from '../client/createClient.ts';
import type { Exchange } from '../client/Exchange.ts';
import { cutByDeadline } from './cutByDeadline.ts';

const exchange = (error?: string): Exchange => ({
  id: 1,
  request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {} },
  durationMs: 0,
  curl: '',
  ...(error !== undefined ? { error } : {}),
});

describe('cutByDeadline', () => {
  it.each<[string, Exchange | undefined, boolean]>([
    ['not sent past the run deadline', exchange(DEADLINE_PASSED), true],
    ["cut by the run's deadline while answering", exchange(timedOut('run', 30_000)), true],
    ["its own request deadline (the target's slowness)", exchange(timedOut('request', 30_000)), false],
    ['a refused connection', exchange('connect ECONNREFUSED'), false],
    ['an answer', exchange(), false],
    ['no exchange', undefined, false],
  ])('%s → %s', (_name, given, cut) => {
    expect(cutByDeadline(given)).toBe(cut);
  });
});
