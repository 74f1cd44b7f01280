import { afterEach, describe, expect, it } from 'vitest';
import { inputFaults } from '../../mock/faults/inputFaults.ts';
import { checkRegistry } from '../checks/registry.ts';
import { DEFAULT_GENERATE } from './GenerateSettings.ts';
import { runEveryScenario } from '../testing/runEveryScenario.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { suiteBudget } from '../testing/suiteBudget.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');

// Each input-triggered fault alone: the generative phase, in default mode (no --strict), fails the run and
// names the check the fault breaks, with a case id that replays it.
describe('the generative phase catches every input-triggered fault', { timeout: suiteBudget(2) }, () => {
  let target: MockTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it.each(inputFaults.map((f) => [f.name, f.breaks] as const))('%s → %s', async (name, breaks) => {
    expect(checkRegistry.has(breaks)).toBe(true);
    target = await startMockTarget({ faults: [name] });
    const result = await runEveryScenario({ config: target.config, areas: ['generate'], seed: 7, now: NOW });
    const failures = result.cases.filter((c) => c.area === 'generate').flatMap((c) => c.failures);
    expect(result.conformant).toBe(false);
    expect(failures.map((f) => f.check)).toContain(breaks);
    const failure = failures.find((f) => f.check === breaks);
    expect(failure?.message).toMatch(/replay: --seed 7 --replay-case \w+\/[cr]\d+/);
  });

  it("replays a failure by its case id and the run's seed, and finds it again", async () => {
    target = await startMockTarget({ faults: ['search-q-regex-crash'] });
    const first = await runEveryScenario({ config: target.config, areas: ['generate'], seed: 3, now: NOW });
    const found = first.cases.flatMap((c) => c.failures).find((f) => f.check === 'no-server-error');
    const id = /--replay-case (\S+)\]/.exec(found?.message ?? '')?.[1];
    expect(id).toMatch(/^searchGroups\/[cr]\d+$/);
    const replay = await runEveryScenario({
      config: target.config,
      areas: ['generate'],
      seed: 3,
      now: NOW,
      generate: { ...DEFAULT_GENERATE, replayCase: id as string },
    });
    const replayed = replay.cases.filter((c) => c.title.startsWith('generated: replay'));
    expect(replayed).toHaveLength(1);
    expect(replayed[0]?.failures.map((f) => f.check)).toContain('no-server-error');
    expect(replay.exchanges).toBeLessThan(first.exchanges / 4);
  });
});
