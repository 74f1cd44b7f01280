import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { RunResult } from '../run/RunResult.ts';
import { runEveryScenario } from '../testing/runEveryScenario.ts';
import { GENERATED_FAULTS, GENERATED_SHOULD_FAULTS, type GeneratedFault } from '../testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { coverageCases } from './coverageCases.ts';
import { generateSettings } from './GenerateSettings.ts';
import type { OperationTarget } from './OperationTarget.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');
const contract = loadContract();

/** The id of the coverage case that varies `varies` (ids are positions, the same whatever the base's values). */
function caseId(operationId: string, varies: string, base: Partial<OperationTarget> = {}): string {
  const target: OperationTarget = { operationId, base: { operationId, path: {}, query: {} }, pinned: [], ...base };
  const found = coverageCases(contract, target).find((c) => c.varies[0] === varies);
  if (!found) throw new Error(`no coverage case of ${operationId} varies ${varies}`);
  return found.id;
}

/** The drawn input that shows each fault, far from what the scripted scenarios send. */
const SHOWN_BY: Record<GeneratedFault, string> = {
  'numeric-name-ignored': caseId('listGroups', 'query.name: a number'),
  'long-id-500': caseId('getGroup', 'path.groupId: far longer than any id (5000 characters)', {
    base: { operationId: 'getGroup', path: { groupId: 'g' }, query: {} },
    pathProbes: ['groupId'],
  }),
  'page-offset-int32': caseId('listGroups', 'query.page: huge'),
  'query-bad-utf8-500': caseId('listGroups', 'query.name: escapes that decode to invalid UTF-8 (sent raw)'),
};

/** Replays one generated case (the seed and its id decide it): the phase's oracles on one drawn request. */
const replay = (config: TestTarget['config'], id: string, strict: boolean): Promise<RunResult> =>
  runEveryScenario({ config, areas: ['generate'], seed: 7, strict, now: NOW, generate: generateSettings(undefined, id) });
const failed = (result: RunResult): string[] => [...new Set(result.cases.flatMap((c) => c.failures.map((f) => `${f.severity} ${f.check}`)))].sort();
const warned = (result: RunResult): string[] => [...new Set(result.cases.flatMap((c) => c.warnings.map((f) => `${f.severity} ${f.check}`)))].sort();

// Every answer judged by every oracle that applies, wherever its input came from, and inputs far from the
// defaults: a value the generative phase drew is held to the same oracles as a scripted one, so a bug only
// such a value shows (name=7, a page near 2^53, an id of 5000 characters) is caught.
describe('the generative phase: drawn inputs far from the defaults, judged by every oracle', () => {
  let target: TestTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it.each(Object.entries(GENERATED_FAULTS) as Array<[GeneratedFault, string]>)(
    'the fault %s fails %s (MUST) on the drawn case, which a correct target passes',
    async (fault, check) => {
      target = await startTestTarget();
      expect(failed(await replay(target.config, SHOWN_BY[fault], true))).toEqual([]);
      await target.close();
      target = await startTestTarget({ faults: [fault] });
      const result = await replay(target.config, SHOWN_BY[fault], false);
      expect(result.conformant).toBe(false);
      expect(failed(result)).toEqual([`MUST ${check}`]);
    },
  );

  it.each(Object.entries(GENERATED_SHOULD_FAULTS) as Array<[GeneratedFault, string]>)(
    'the fault %s warns of %s on the drawn case, and fails it under --strict',
    async (fault, check) => {
      target = await startTestTarget();
      expect(failed(await replay(target.config, SHOWN_BY[fault], true))).toEqual([]);
      await target.close();
      target = await startTestTarget({ faults: [fault] });
      const lenient = await replay(target.config, SHOWN_BY[fault], false);
      expect(lenient.conformant).toBe(true);
      expect(warned(lenient)).toEqual([`SHOULD ${check}`]);
      expect(failed(await replay(target.config, SHOWN_BY[fault], true))).toEqual([`SHOULD ${check}`]);
    },
  );
});
