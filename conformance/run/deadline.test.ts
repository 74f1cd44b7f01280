import { describe, expect, it } from 'vitest';
import { startTestTarget } from '../testing/target/startTestTarget.ts';
import { runConformance } from './runConformance.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');

describe('the run deadline (--timeout)', () => {
  it.each([
    ['a deadline already passed skips every step, naming the deadline', 0, (skipped: number, total: number) => skipped === total],
    ['an ample deadline skips nothing', 600_000, (skipped: number) => skipped === 0],
  ])('%s', { timeout: 60_000 }, async (_name, deadlineMs, holds) => {
    const target = await startTestTarget();
    try {
      const result = await runConformance({ config: target.config, areas: ['groups'], seed: 3, now: NOW, deadlineMs });
      const skipped = result.cases.filter((c) => c.status === 'skipped');
      expect(holds(skipped.length, result.cases.length)).toBe(true);
      for (const c of skipped) expect(c.skipReason).toMatch(/deadline \(--timeout 0 s\)/);
    } finally {
      await target.close();
    }
  });
});
