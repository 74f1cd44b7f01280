import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { RunResult } from '../run/RunResult.ts';
import { runConformance } from '../run/runConformance.ts';
import { GENERATED_FAULTS, type GeneratedFault } from '../testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { coverageCases } from './coverageCases.ts';
import { generateSettings } from './GenerateSettings.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');
const contract = loadContract();
/** The coverage cases of the group list that draw a value no scripted step sends (name=7 and the like). */
const DRAWN = coverageCases(contract, { operationId: 'listGroups', base: { operationId: 'listGroups', path: {}, query: {} }, pinned: [] }).filter((c) =>
  /^query\.(name|season|admins\.user): (a number|one character)$/.test(c.varies[0] ?? ''),
);

/** Replays one generated case (the seed and its id decide it): the phase's oracles on one drawn request. */
const replay = (config: TestTarget['config'], id: string): Promise<RunResult> =>
  runConformance({ config, areas: ['generate'], seed: 7, now: NOW, generate: generateSettings(undefined, id) });
const failed = (result: RunResult): string[] => [...new Set(result.cases.flatMap((c) => c.failures.map((f) => `${f.severity} ${f.check}`)))].sort();

// Every answer judged by every oracle that applies, wherever its input came from: a value the generative
// phase drew is held to the same oracles as a scripted one, so a bug only such a value shows is caught.
describe('the generative phase judges drawn filter values against the items, as the scripted steps do', () => {
  let target: TestTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it('draws name=7 in the coverage pass of the group list', () => {
    expect(DRAWN.map((c) => c.varies[0])).toContain('query.name: a number');
  });

  it.each(Object.entries(GENERATED_FAULTS) as Array<[GeneratedFault, string]>)(
    'the fault %s fails %s (MUST) on the drawn case, which a correct target passes',
    async (fault, check) => {
      const id = DRAWN.find((c) => c.varies[0] === 'query.name: a number')?.id as string;
      target = await startTestTarget();
      expect(failed(await replay(target.config, id))).toEqual([]);
      await target.close();
      target = await startTestTarget({ faults: [fault] });
      const result = await replay(target.config, id);
      expect(result.conformant).toBe(false);
      expect(failed(result)).toEqual([`MUST ${check}`]);
    },
  );
});
