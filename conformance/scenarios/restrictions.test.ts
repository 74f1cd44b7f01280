import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../run/RunResult.ts';
import { runConformance } from '../run/runConformance.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { RESTRICTION_FAULTS, RESTRICTION_SHOULD_FAULTS, type RestrictionFault } from '../testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { dataActionsScenario } from './dataActionsScenario.ts';
import { installationsScenario } from './installationsScenario.ts';
import { userInfoScenario } from './userInfoScenario.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');
const failed = (result: RunResult, severity?: 'MUST' | 'SHOULD'): string[] =>
  [...new Set(result.cases.flatMap((c) => c.failures.filter((f) => !severity || f.severity === severity).map((f) => f.check)))].sort();
const warned = (result: RunResult): string[] => [...new Set(result.cases.flatMap((c) => c.warnings.map((w) => w.check)))].sort();

/** The scenarios these restrictions live in, in-process: each fault costs one short run, not a whole suite. */
const run = (config: TestTarget['config'], strict: boolean): Promise<RunResult> =>
  runConformance({
    config,
    strict,
    seed: 7,
    now: NOW,
    areas: ['installations', 'data-actions', 'user-info'],
    scenarios: [installationsScenario, dataActionsScenario, userInfoScenario],
  });

/** The steps that probe a restriction's negative side: never skipped against a target configured for them. */
const PROBES = [
  'approve a pending installation',
  'refuse to approve an app approved automatically, changing nothing',
  "users: another community's call answers none of this one's records",
  "components: another community's call answers none of this one's records",
  'user-info with includes=members,groups',
  'user-info with includes=groups,community',
  'user-info with includes=members,groups,community',
  'user-info with includes=groups,community,members,groups',
];
const faults = Object.entries(RESTRICTION_FAULTS) as Array<[RestrictionFault, string]>;

describe("every restriction's negative side: the pending installation, approve of an automatic app, another community's data", () => {
  let target: TestTarget | MockTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it('pass against a correct target, every probe run, and against the mock in --strict', async () => {
    target = await startTestTarget();
    const healthy = await run(target.config, true);
    expect(failed(healthy)).toEqual([]);
    const ran = healthy.cases.filter((c) => c.status !== 'skipped').map((c) => c.title);
    for (const probe of PROBES) expect(ran).toContain(probe);
    await target.close();
    target = await startMockTarget();
    const mock = await run(target.config, true);
    expect(failed(mock)).toEqual([]);
    const mockRan = mock.cases.filter((c) => c.status !== 'skipped').map((c) => c.title);
    for (const probe of PROBES) expect(mockRan).toContain(probe);
    expect(mock.conformant).toBe(true);
  });

  it.each(faults.filter(([fault]) => !RESTRICTION_SHOULD_FAULTS.includes(fault)))('the fault %s fails %s alone, in the default mode', async (fault, check) => {
    target = await startTestTarget({ faults: [fault] });
    const result = await run(target.config, false);
    expect(result.conformant).toBe(false);
    expect(failed(result, 'MUST')).toEqual([check]);
  });

  it.each(faults.filter(([fault]) => RESTRICTION_SHOULD_FAULTS.includes(fault)))(
    'the fault %s warns of %s alone, and fails it under --strict',
    async (fault, check) => {
      target = await startTestTarget({ faults: [fault] });
      const lenient = await run(target.config, false);
      expect(lenient.conformant).toBe(true);
      expect(warned(lenient)).toEqual([check]);
      expect(failed(await run(target.config, true))).toEqual([check]);
    },
  );

  it('skips the other-community probe, saying why, when the config names no other community', async () => {
    target = await startTestTarget();
    const { otherCommunity: _omitted, ...config } = target.config;
    const result = await run(config, true);
    const skipped = result.cases.filter((c) => /another community/.test(c.title));
    expect(skipped.map((c) => [c.status, c.skipReason])).toEqual([
      ['skipped', 'no otherCommunity in the config'],
      ['skipped', 'no otherCommunity in the config'],
    ]);
  });
});
