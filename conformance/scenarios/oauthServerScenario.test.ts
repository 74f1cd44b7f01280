import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../run/RunResult.ts';
import { runConformance } from '../run/runConformance.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { OAUTH_SERVER_FAULTS, SHOULD_ONLY_FAULTS, TARGET_FAULTS } from '../testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { oauthServerScenario } from './oauthServerScenario.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');
const failed = (result: RunResult, severity?: 'MUST' | 'SHOULD'): string[] =>
  [...new Set(result.cases.flatMap((c) => c.failures.filter((f) => !severity || f.severity === severity).map((f) => f.check)))].sort();
const warned = (result: RunResult): string[] => [...new Set(result.cases.flatMap((c) => c.warnings.map((w) => w.check)))].sort();

/** This scenario alone, in-process: each fault costs one short run, not a whole suite. */
const run = (config: TestTarget['config'], strict: boolean): Promise<RunResult> =>
  runConformance({ config, strict, seed: 7, now: NOW, areas: ['user-info'], scenarios: [oauthServerScenario] });

// The checks of this scenario; each has a fault of the target's authorization server.
const OAUTH_CHECKS = new Set([
  'redirect-uri-exact',
  'state-exact',
  'code-bound-redirect-uri',
  'code-bound-client',
  'client-authenticated',
  'refresh-bound-client',
  'pkce-verified',
  'token-error-shape',
  'code-reuse-revokes',
  'token-no-store',
  'no-server-error',
]);
const faults = OAUTH_SERVER_FAULTS.map((fault) => [fault, TARGET_FAULTS[fault]] as const);

describe("the authorization server's own rules", () => {
  let target: TestTarget | MockTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it('pass against a correct server, every probe run (none skipped), and against the mock in --strict', async () => {
    target = await startTestTarget();
    const healthy = await run(target.config, true);
    expect(failed(healthy)).toEqual([]);
    expect(healthy.cases.filter((c) => c.status === 'skipped').map((c) => c.title)).toEqual([]);
    await target.close();
    target = await startMockTarget();
    const mock = await run(target.config, true);
    expect(failed(mock)).toEqual([]);
    expect(mock.conformant).toBe(true);
  });

  it('covers every check of the scenario with a fault', () => {
    expect(new Set(faults.map(([, check]) => check))).toEqual(OAUTH_CHECKS);
  });

  it.each(faults.filter(([fault]) => !SHOULD_ONLY_FAULTS.includes(fault)))('the fault %s fails %s alone, in the default mode', async (fault, check) => {
    target = await startTestTarget({ faults: [fault] });
    const result = await run(target.config, false);
    expect(result.conformant).toBe(false);
    expect(failed(result, 'MUST')).toEqual([check]);
  });

  it.each(faults.filter(([fault]) => SHOULD_ONLY_FAULTS.includes(fault)))(
    'the fault %s warns of %s alone, and fails it under --strict',
    async (fault, check) => {
      target = await startTestTarget({ faults: [fault] });
      const lenient = await run(target.config, false);
      expect(lenient.conformant).toBe(true);
      expect(warned(lenient)).toEqual([check]);
      expect(failed(await run(target.config, true))).toEqual([check]);
    },
  );

  // A seed may change the values tried (states, wrong secrets, verifiers), never the verdict. These faults act on
  // this scenario alone, so they are swept over ten seeds here rather than by whole-suite runs (seedVerdicts.test.ts).
  it.each([undefined, ...OAUTH_SERVER_FAULTS])('with fault %s: one verdict for ten seeds', async (fault) => {
    target = await startTestTarget(fault ? { faults: [fault] } : {});
    const verdicts = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const result = await runConformance({ config: target.config, seed, now: NOW, areas: ['user-info'], scenarios: [oauthServerScenario] });
      verdicts.add(JSON.stringify({ conformant: result.conformant, failed: failed(result), warned: warned(result) }));
    }
    expect([...verdicts]).toHaveLength(1);
    if (fault) expect([...verdicts][0]).toContain(TARGET_FAULTS[fault]);
  });

  it('skips the client-binding probes, saying why, when no second client is configured', async () => {
    target = await startTestTarget();
    const { otherClient: _omitted, ...oauth } = target.config.oauth ?? ({} as never);
    const result = await run({ ...target.config, oauth }, true);
    const skipped = result.cases.filter((c) => c.status === 'skipped');
    expect(skipped.map((c) => c.title)).toEqual(['a code is bound to the client it was issued to', 'a refresh token is bound to the client it was issued to']);
    for (const c of skipped) expect(c.skipReason).toMatch(/oauth\.otherClient/);
  });
});
