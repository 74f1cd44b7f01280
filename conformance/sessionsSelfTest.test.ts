import { afterEach, describe, expect, it } from 'vitest';
import { runEveryScenario } from './testing/runEveryScenario.ts';
import type { RunResult } from './run/RunResult.ts';
import { startMockTarget, type MockTarget } from './testing/startMockTarget.ts';
import { suiteBudget } from './testing/suiteBudget.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');

function problems(result: RunResult): string[] {
  return result.cases.flatMap((c) => [...c.failures, ...c.warnings].map((f) => `${c.area} › ${c.title}: [${f.severity}] ${f.check}: ${f.message}`));
}

describe('self-test: suites in parallel, each in its own session of one mock', { timeout: suiteBudget(4) }, () => {
  let target: MockTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it('three suites at once on distinct sessions each pass --strict and each approve their own pending installation', async () => {
    target = await startMockTarget();
    const config = target.config;
    const results = await Promise.all(
      ['worker-1', 'worker-2', 'worker-3'].map((session, i) =>
        runEveryScenario({ config: { ...config, headers: { 'X-Mock-Session': session } }, strict: true, seed: 20 + i, now: NOW }),
      ),
    );
    for (const result of results) {
      expect(problems(result)).toEqual([]);
      expect(result.conformant).toBe(true);
      // Approving in one session leaves the installation pending in the others: nobody skips it.
      expect(result.counts.skipped).toBe(0);
    }
    // The default session saw none of it: its installation is still pending, so a suite there approves it too.
    const plain = await runEveryScenario({ config, strict: true, seed: 30, now: NOW });
    expect(problems(plain)).toEqual([]);
    expect(plain.counts.skipped).toBe(0);
  });

  it('passes --strict against --groups 20000 (generated groups in the first community)', async () => {
    target = await startMockTarget({ groups: 20_000 });
    const result = await runEveryScenario({ config: target.config, strict: true, seed: 9, now: NOW });
    expect(problems(result)).toEqual([]);
    expect(result.conformant).toBe(true);
  });
});
