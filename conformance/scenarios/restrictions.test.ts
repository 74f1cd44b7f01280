import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../run/RunResult.ts';
import { runConformance } from '../run/runConformance.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { RESTRICTION_FAULTS, RESTRICTION_SHOULD_FAULTS, type RestrictionFault } from '../testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { APP } from '../testing/target/targetData.ts';
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
  'users: refuse the secret of an app not installed here (otherApp)',
  'components: refuse the secret of an app not installed here (otherApp)',
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

  // The premise of the otherApp probe (not installed and active here) is verified where a bearer token allows it.
  // Named as otherApp here: the target's own app, installed and active, whose secret is valid (spec/DECISIONS.md).
  const OTHER_APP_PROBES = /refuse the secret of an app not installed here/;

  it('skips the otherApp probe, saying why, when a bearer token shows otherApp installed and active here', async () => {
    target = await startTestTarget();
    const result = await run({ ...target.config, otherApp: { appId: APP.id, appSecret: APP.secret } }, true);
    expect(failed(result)).toEqual([]);
    const probes = result.cases.filter((c) => OTHER_APP_PROBES.test(c.title));
    expect(probes).toHaveLength(2);
    for (const probe of probes) {
      expect(probe.status).toBe('skipped');
      expect(probe.skipReason).toMatch(/otherApp app-teste is installed and active in escola-teste/);
    }
  });

  it('names the unverified premise when no bearer token lets it be checked and the secret is accepted', async () => {
    target = await startTestTarget();
    const { token: _omitted, ...config } = target.config;
    const result = await run({ ...config, otherApp: { appId: APP.id, appSecret: APP.secret } }, false);
    const messages = result.cases.filter((c) => OTHER_APP_PROBES.test(c.title)).flatMap((c) => c.failures.map((f) => `${f.check}: ${f.message}`));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(/^secret-required: .*unless otherApp app-teste is installed and active in escola-teste/);
  });

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
