import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runEveryScenario } from './testing/runEveryScenario.ts';
import type { RunResult } from './run/RunResult.ts';
import { startMockTarget, type MockTarget } from './testing/startMockTarget.ts';
import { suiteBudget } from './testing/suiteBudget.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');

function problems(result: RunResult): string[] {
  return result.cases.flatMap((c) => [...c.failures, ...c.warnings].map((f) => `${c.area} › ${c.title}: [${f.severity}] ${f.check}: ${f.message}`));
}

// The self-test: the suite against the mock passes in --strict, with no failure and no warning.
describe('self-test: the suite against the mock', { timeout: suiteBudget(2) }, () => {
  let target: MockTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it.each([
    ['the default seed', { seed: 1 }, 7],
    ['another seed', { seed: 2 }, 1234],
    ['a third seed with another suite seed', { seed: 5 }, 99],
  ])('passes in --strict with %s', async (_name, mock, seed) => {
    target = await startMockTarget(mock);
    const result = await runEveryScenario({ config: target.config, strict: true, seed, now: NOW });
    expect(problems(result)).toEqual([]);
    expect(result.conformant).toBe(true);
    expect(result.counts.skipped).toBe(0);
    expect(result.counts.passed).toBeGreaterThan(30);
  });

  it('passes with no warning outside --strict either', async () => {
    target = await startMockTarget();
    const result = await runEveryScenario({ config: target.config, seed: 3, now: NOW });
    expect(result.counts.warnings).toBe(0);
    expect(result.conformant).toBe(true);
  });

  it('passes a second run against the same state (approve then skips: nothing is pending any more)', async () => {
    target = await startMockTarget();
    await runEveryScenario({ config: target.config, strict: true, seed: 7, now: NOW });
    const again = await runEveryScenario({ config: target.config, strict: true, seed: 7, now: NOW });
    expect(problems(again)).toEqual([]);
    expect(again.cases.filter((c) => c.status === 'skipped').map((c) => c.title)).toEqual(['approve a pending installation']);
  });

  it('uses the committed config for the default seed', async () => {
    target = await startMockTarget();
    const committed = JSON.parse(readFileSync(new URL('../fixtures/conform.mock.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const result = await runEveryScenario({ config: { baseUrl: target.url, ...committed }, strict: true, seed: 11, now: NOW });
    expect(problems(result)).toEqual([]);
  });

  it('passes against the large dataset', async () => {
    target = await startMockTarget({ seed: 3, size: 'large' });
    const result = await runEveryScenario({ config: target.config, strict: true, seed: 5, now: NOW });
    expect(problems(result)).toEqual([]);
  });
});
