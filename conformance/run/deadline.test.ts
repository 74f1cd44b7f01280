import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { EXIT, main } from '../cli.ts';
import { findProfile } from '../plan/profiles.ts';
import { finishRun } from '../report/finishRun.ts';
import { startTestTarget } from '../testing/target/startTestTarget.ts';
import { cutByDeadline } from './cutByDeadline.ts';
import type { Scenario } from '../scenarios/Scenario.ts';
import { runEveryScenario } from '../testing/runEveryScenario.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');

describe('the run deadline (--timeout)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['a deadline already passed skips every step, naming the deadline', 0, (skipped: number, total: number) => skipped === total],
    ['an ample deadline skips nothing', 600_000, (skipped: number) => skipped === 0],
  ])('%s', { timeout: 60_000 }, async (_name, deadlineMs, holds) => {
    const target = await startTestTarget();
    try {
      const result = await runEveryScenario({ config: target.config, areas: ['groups'], seed: 3, now: NOW, deadlineMs });
      const skipped = result.cases.filter((c) => c.status === 'skipped');
      expect(holds(skipped.length, result.cases.length)).toBe(true);
      for (const c of skipped) expect(c.skipReason).toMatch(/deadline \(--timeout 0 s\)/);
    } finally {
      await target.close();
    }
  });

  // A deadline that passes in the middle of a step (a loaded machine: each clock reading a second later) leaves
  // requests unsent. They judge nothing about a correct target: the run is incomplete, not failed, and not passed.
  it.each([
    ['passes mid-run', 'incomplete', 300_000],
    ['never passes', 'pass', Number.MAX_SAFE_INTEGER],
  ] as const)('a deadline that %s: verdict %s', { timeout: 60_000 }, async (_name, verdict, deadlineMs) => {
    const target = await startTestTarget();
    try {
      let slow = performance.now();
      vi.spyOn(performance, 'now').mockImplementation(() => (slow += 1_000));
      const raw = await runEveryScenario({ config: target.config, areas: ['groups', 'data-actions'], seed: 3, now: NOW, deadlineMs });
      vi.restoreAllMocks();
      const result = finishRun(raw, { contract: loadContract(), profile: findProfile('platform'), now: NOW });
      expect(result.counts.failed).toBe(0);
      expect(result.verdict.result).toBe(verdict);
      expect(raw.conformant).toBe(verdict === 'pass');
      expect(result.cases.flatMap((c) => c.failures).filter((f) => cutByDeadline(f.exchange))).toEqual([]);
      if (verdict === 'incomplete') {
        expect(result.incomplete).toMatch(/deadline \(--timeout 300 s\) passed: \d+ steps? not finished/);
        expect(result.verdict.reasons).toContain(`incomplete: ${result.incomplete}`);
        expect(result.cases.some((c) => /not finished/.test(c.skipReason ?? ''))).toBe(true);
        expect(result.counts.passed).toBeGreaterThan(0);
      } else expect(result.incomplete).toBeUndefined();
    } finally {
      await target.close();
    }
  });

  // The deadline passing between two requests of one step: the request it kept from being sent fails nothing.
  it('a request the deadline kept from being sent judges nothing: the step is unfinished', { timeout: 60_000 }, async () => {
    const target = await startTestTarget();
    try {
      let clock = performance.now();
      vi.spyOn(performance, 'now').mockImplementation(() => clock);
      const scenario: Scenario = {
        area: 'groups',
        title: 'two reads, the deadline passing between them',
        missing: () => undefined,
        async run(step) {
          await step({
            title: 'read, wait, read',
            run: async (s) => {
              await s.send({ operationId: 'listGroups', expect: { valid: true } });
              clock += 120_000;
              await s.send({ operationId: 'listGroups', expect: { valid: true } });
            },
          });
          await step({ title: 'after the deadline', run: async () => undefined });
        },
      };
      const raw = await runEveryScenario({ config: target.config, seed: 3, now: NOW, deadlineMs: 60_000, scenarios: [scenario], areas: ['groups'] });
      const [cut, after] = raw.cases;
      expect(raw.exchangeLog?.at(-1)?.error).toMatch(/not sent/);
      expect(cut).toMatchObject({ status: 'skipped', failures: [], skipReason: expect.stringMatching(/deadline \(--timeout 60 s\) passed during this step/) });
      expect(after?.skipReason).toMatch(/passed before this step/);
      expect(raw.incomplete).toMatch(/2 steps not finished/);
    } finally {
      await target.close();
    }
  });

  it('a run stopped by its deadline exits 3 (incomplete), not 0 nor "nothing to test"', { timeout: 60_000 }, async () => {
    const target = await startTestTarget();
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await main(
        ['--base-url', target.url, '--token', target.config.token ?? '', '--community', target.config.community ?? '', '--only', 'groups', '--seed', '3'],
        {
          env: {},
          stdout: (l) => out.push(l),
          stderr: (l) => err.push(l),
          now: NOW,
          runOptions: { deadlineMs: 0 },
        },
      );
      expect(err.join('\n')).not.toMatch(/nothing was tested|conform:/);
      expect(code).toBe(EXIT.incomplete);
      expect(out.join('\n')).toMatch(/INCOMPLETE: the run's deadline \(--timeout 0 s\) passed/);
      expect(err.join('\n')).not.toMatch(/nothing was tested/);
    } finally {
      await target.close();
    }
  });
});
