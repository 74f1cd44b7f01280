import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runEveryScenario } from '../testing/runEveryScenario.ts';
import { startTestTarget } from '../testing/target/startTestTarget.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');
/** A run deadline no clock here reaches: only the phase's own limits are under test. */
const NO_RUN_DEADLINE = Number.MAX_SAFE_INTEGER;

/** The generated requests a run sent, in order: which cases ran, as the target saw them. */
async function generatedRequests(seed: number): Promise<string[]> {
  const target = await startTestTarget();
  try {
    const result = await runEveryScenario({ config: target.config, areas: ['generate'], seed, now: NOW, deadlineMs: NO_RUN_DEADLINE });
    expect(result.incomplete).toBeUndefined();
    // Each target listens on its own port and issues its own random codes at login: the API requests are compared,
    // without the port.
    return (result.exchangeLog ?? [])
      .map((e) => `${e.request.method} ${e.request.url.replace(target.url, '')} ${e.request.body ?? ''}`)
      .filter((line) => !line.includes(' /auth/'));
  } finally {
    await target.close();
  }
}

// Two runs with the same seed send the same cases on an idle machine and on one at load 15: the phase is bounded
// by counts, never by elapsed time. A loaded machine is a monotonic clock that jumps a second at every reading.
describe('the generative phase sends the same cases for a seed, however slow the clock', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([3])('seed %i', { timeout: 120_000 }, async (seed) => {
    const idle = await generatedRequests(seed);
    let slow = performance.now();
    vi.spyOn(performance, 'now').mockImplementation(() => (slow += 1_000));
    const loaded = await generatedRequests(seed);
    vi.restoreAllMocks();
    expect(idle.length).toBeGreaterThan(100);
    expect(loaded).toEqual(idle);
  });
});
