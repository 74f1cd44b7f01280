import { afterEach, describe, expect, it } from 'vitest';
import { AREAS } from './config/ConformConfig.ts';
import { runEveryScenario } from './testing/runEveryScenario.ts';
import type { RunResult } from './run/RunResult.ts';
import { OAUTH_SERVER_FAULTS, SHOULD_ONLY_FAULTS, TARGET_FAULTS, type TargetFault, type TargetOptions } from './testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from './testing/target/startTestTarget.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');

const musts = (result: RunResult): string[] =>
  result.cases.flatMap((c) => c.failures.map((f) => `${c.area} › ${c.title}: [${f.severity}] ${f.check}: ${f.message}`));
const failedChecks = (result: RunResult): string[] => [...new Set(result.cases.flatMap((c) => c.failures.map((f) => f.check)))];

// An implementation written from the description alone, with its own data, never seen by the suite:
// every legitimate choice where the description is silent passes in the default mode.
describe('the suite against an independent implementation', () => {
  let target: TestTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it.each<[string, TargetOptions]>([
    ['its defaults', {}],
    ['pages from 0', { firstPage: 0 }],
    ['a maximum page size of 50, 400 above it, 20 by default', { maxLimit: 50, defaultLimit: 20 }],
    ['a maximum of 5 with pages from 0 (more matches than a page everywhere)', { maxLimit: 5, defaultLimit: 3, firstPage: 0 }],
    ['a large limit clamped, no X-Total-Count', { maxLimit: 5, defaultLimit: 3, clampLimit: true, totalHeader: false }],
    ['403 for a bad token, application/json errors, a 202 upload with no body', { badTokenStatus: 403, errorType: 'application/json', upload: '202-empty' }],
    [
      'search without paging, sort ignored, newest first, "after" exclusive',
      { searchPaging: false, sortParam: false, newestFirst: true, afterExclusive: true, maxLimit: 50, defaultLimit: 20 },
    ],
    ['a rate limiter (429 with Retry-After) and writes visible 300 ms after their answer', { rateLimitEvery: 7, writeDelayMs: 300 }],
    [
      'a day read at UTC-03:00, names compared under a collation, uploads that must carry every section',
      { dayOffsetMinutes: -180, nameCollation: true, uploadRequiresEverySection: true },
    ],
  ])('passes with %s', { timeout: 60_000 }, async (_name, options) => {
    target = await startTestTarget(options);
    const result = await runEveryScenario({ config: target.config, seed: 7, now: NOW });
    expect(musts(result)).toEqual([]);
    expect(result.conformant).toBe(true);
    expect(result.counts.skipped).toBe(0);
    // Waited out and counted, never failed.
    if (options.rateLimitEvery) expect(result.backoff?.retries).toBeGreaterThan(0);
  });

  it('sends no Accept: application/json to the authorization endpoint (it answers 406 to that)', { timeout: 60_000 }, async () => {
    target = await startTestTarget();
    const result = await runEveryScenario({ config: target.config, areas: ['user-info'], strict: true, seed: 7, now: NOW });
    expect(result.cases.map((c) => c.status)).not.toContain('skipped');
    expect(result.conformant).toBe(true);
  });

  // The authorization server's faults are proven on their own scenario, in-process (oauthServerScenario.test.ts).
  const faults = (Object.entries(TARGET_FAULTS) as Array<[TargetFault, string]>).filter(([fault]) => !OAUTH_SERVER_FAULTS.includes(fault));
  it.each(faults.filter(([fault]) => !SHOULD_ONLY_FAULTS.includes(fault)))(
    'fails the fault %s in the default mode, naming %s',
    { timeout: 60_000 },
    async (fault, check) => {
      target = await startTestTarget({ faults: [fault] });
      const result = await runEveryScenario({ config: target.config, seed: 7, now: NOW });
      expect(result.conformant).toBe(false);
      expect(failedChecks(result)).toContain(check);
    },
  );

  it.each(faults.filter(([fault]) => SHOULD_ONLY_FAULTS.includes(fault)))(
    'warns of the fault %s (a decision of ours), and fails it under --strict, naming %s',
    { timeout: 60_000 },
    async (fault, check) => {
      target = await startTestTarget({ faults: [fault] });
      const lenient = await runEveryScenario({ config: target.config, seed: 7, now: NOW });
      expect(lenient.conformant).toBe(true);
      expect(lenient.cases.flatMap((c) => c.warnings.map((w) => w.check))).toContain(check);
      const strict = await runEveryScenario({ config: target.config, seed: 7, strict: true, now: NOW });
      expect(failedChecks(strict)).toContain(check);
    },
  );

  // Compare what was written, never the whole object: an implementation on Mongoose answers `__v` on every
  // object, nested ones and arrays' items too. A key the description does not show fails nothing, in any
  // check: no MUST (the default mode passes) and, under --strict, no failure the same target without it lacks.
  it("passes with Mongoose's __v on every object of every answer, in the default mode and under --strict", { timeout: 120_000 }, async () => {
    const shoulds = (result: RunResult): string[] =>
      [...new Set(result.cases.flatMap((c) => c.failures.filter((f) => f.severity === 'SHOULD').map((f) => `${c.title}: ${f.check}`)))].sort();
    target = await startTestTarget({ versionKeys: true });
    const versioned = await runEveryScenario({ config: target.config, seed: 7, strict: true, now: NOW });
    // The default mode fails a run on MUST failures alone: none.
    expect(versioned.cases.flatMap((c) => c.failures.filter((f) => f.severity === 'MUST').map((f) => `${c.title}: ${f.check}: ${f.message}`))).toEqual([]);
    expect(versioned.counts.skipped).toBe(0);
    await target.close();
    target = await startTestTarget();
    const plain = await runEveryScenario({ config: target.config, seed: 7, strict: true, now: NOW });
    expect(shoulds(versioned)).toEqual(shoulds(plain));
  });

  // Bounded work: against a million groups the suite samples and pages within its stated bounds
  // (MAX_PAGES pages of a list, MAX_READS reads by id), so it gives the same verdicts as on small data.
  it('gives the same verdicts against a community of 1,000,000 groups', { timeout: 240_000 }, async () => {
    target = await startTestTarget({ groups: 1_000_000 });
    // The scenarios' bounded work (the generative phase has its own budget: conformance/generate).
    const healthy = await runEveryScenario({ config: target.config, seed: 7, now: NOW, areas: AREAS.filter((a) => a !== 'generate') });
    expect(musts(healthy)).toEqual([]);
    expect(healthy.counts).toMatchObject({ failed: 0, skipped: 0 });
    // Its data actions treat users and components as having no season (a reading the description allows):
    // our decision that another season leaves them out is the one warning it may get.
    expect([...new Set(healthy.cases.flatMap((c) => c.warnings.map((w) => w.check)))]).toEqual(healthy.counts.warnings > 0 ? ['sync-records-supplied'] : []);
    expect(healthy.exchanges).toBeLessThan(400);
    await target.close();
    target = await startTestTarget({ groups: 1_000_000, faults: ['search-ignores-q'] });
    const broken = await runEveryScenario({ config: target.config, areas: ['groups'], seed: 7, now: NOW });
    expect(failedChecks(broken)).toContain('search-narrows');
  });
});
