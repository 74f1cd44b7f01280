import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH } from '../../spec/loadDocument.ts';
import { conformDiff } from '../../scripts/conformDiff.ts';
import { main } from '../cli.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { type HealthyAndBroken, startHealthyAndBroken } from '../testing/startHealthyAndBroken.ts';
import { suiteBudget } from '../testing/suiteBudget.ts';

interface Run {
  code: number;
  out: string;
  err: string;
  files: Map<string, string>;
}

const NOW = new Date('2026-03-02T09:00:00.000Z');

async function run(argv: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const files = new Map<string, string>();
  const code = await main(argv, {
    env: {},
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    writeFile: (p, t) => files.set(p, t),
    now: () => NOW,
    defaultSeed: () => 4242,
  });
  return { code, out: out.join('\n'), err: err.join('\n'), files };
}

type JsonReport = {
  cases: Array<{
    area: string;
    title: string;
    status: string;
    failures: Array<{ check: string }>;
    waived?: Array<{ check: string; waiver: { reason: string } }>;
  }>;
  coverage: Record<
    string,
    { covered: number; total: number; percent: number; notCovered: Array<{ operation: string; item: string; why: string; detail: string }> }
  >;
  certificate: Record<string, unknown>;
  counts: { failed: number };
  waivers: { applied: unknown[]; expired: unknown[]; stale: unknown[] };
};
const json = (r: Run): JsonReport => JSON.parse(r.files.get('r.json') as string) as JsonReport;
const verdicts = (report: JsonReport) => report.cases.map((c) => `${c.area} › ${c.title}: ${c.status} ${c.failures.map((f) => f.check).join(',')}`);

describe('report flags against the mock', { timeout: suiteBudget(1) }, () => {
  let dir: string;
  let healthy: MockTarget;
  let broken: MockTarget;
  let configFile: string;
  const waiversFile = (name: string, waivers: unknown): string => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(waivers));
    return file;
  };
  const against = (target: MockTarget, ...argv: string[]) => ['--base-url', target.url, '--config', configFile, '--json', 'r.json', ...argv];

  let targets: HealthyAndBroken;
  beforeAll(async () => {
    targets = await startHealthyAndBroken('conform-report-');
    ({ dir, healthy, broken, configFile } = targets);
  });
  afterAll(() => targets.close());

  it('writes a certificate: suite, spec sha256, target, profile, seed, times, counts, result', async () => {
    const r = await run(against(healthy, '--seed', '5', '--strict', '--only', 'groups,data-actions'));
    expect(r.code).toBe(0);
    const { certificate } = json(r);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
    expect(certificate).toEqual({
      suite: { name: pkg.name, version: pkg.version },
      specSha256: createHash('sha256').update(readFileSync(DEFAULT_SPEC_PATH)).digest('hex'),
      target: healthy.url,
      profile: 'platform',
      seed: 5,
      strict: true,
      readOnly: false,
      areas: ['groups', 'data-actions'],
      startedAt: NOW.toISOString(),
      endedAt: NOW.toISOString(),
      counts: expect.objectContaining({ failed: 0 }),
      operationsCoverage: 100,
      waiversApplied: [],
      result: 'pass',
    });
    expect(r.out).toMatch(
      /Coverage \(profile platform\): operations 5\/5 \(100%\) · statuses \d+\/\d+ \(.*%\) · parameters \d+\/\d+ \(.*%\) · body keys \d+\/\d+ \(.*%\)\n/,
    );
  });

  it('gives the same verdicts for the same seed against the same target', { timeout: suiteBudget(4) }, async () => {
    const first = await startMockTarget({ faults: ['ignore-name-filter'] });
    const second = await startMockTarget({ faults: ['ignore-name-filter'] });
    try {
      const a = json(await run(against(first, '--seed', '11')));
      const b = json(await run(against(second, '--seed', '11')));
      expect(verdicts(a)).toEqual(verdicts(b));
      expect(verdicts(a).some((v) => v.includes('filter-matches'))).toBe(true);
      expect(a.certificate.result).toBe('fail');
      // Against one and the same target (read-only, so the first run changes nothing the second reads).
      const c = json(await run(against(first, '--seed', '11', '--read-only')));
      const d = json(await run(against(first, '--seed', '11', '--read-only')));
      expect(verdicts(c)).toEqual(verdicts(d));
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('reports coverage in the JSON report, with why each element was not covered', async () => {
    const r = await run(against(healthy, '--seed', '5', '--only', 'installations', '--read-only'));
    const { coverage } = json(r);
    expect(Object.keys(coverage)).toEqual(['operations', 'statuses', 'parameters', 'requestBodyKeys', 'outOfPlan']);
    expect(coverage.operations).toMatchObject({ covered: 1, total: 3 });
    expect(coverage.operations?.notCovered).toEqual([
      { operation: 'updateAppInstallation', item: 'operation', why: 'read-only', detail: '--read-only: the run sends nothing that writes' },
      { operation: 'approveAppInstallation', item: 'operation', why: 'read-only', detail: '--read-only: the run sends nothing that writes' },
    ]);
  });

  it.each([
    ['under the minimum fails the run', '50', 1, /✗ operations coverage 33\.3% is under --min-coverage 50%/],
    ['at or over the minimum passes', '33', 0, /Coverage/],
  ])('--min-coverage: %s', async (_name, min, code, message) => {
    const r = await run(against(healthy, '--seed', '5', '--only', 'installations', '--read-only', '--min-coverage', min));
    expect(r.code).toBe(code);
    expect(r.out).toMatch(message);
  });

  it('waives a known failure (reported with its reason, not failing) and reports a stale waiver', async () => {
    const file = waiversFile('w.json', [
      { check: 'filter-matches', operation: 'listGroups', reason: 'name filter ignored until 4.2', expires: '2026-03-02' },
      { check: 'approve-effect', reason: 'fixed?', expires: '2027-01-01' },
    ]);
    const r = await run(against(broken, '--seed', '7', '--only', 'groups', '--waivers', file));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /Waived \(known failures, not failing the run\)\n {2}~ \[MUST\] filter-matches on listGroups: .*\n {6}step: {6}groups › filter by name\n {6}waiver: {4}name filter ignored until 4\.2 \(expires 2026-03-02\)/,
    );
    expect(r.out).toMatch(/Stale waivers \(matched no failure: remove them\)\n {2}- approve-effect \(expires 2027-01-01\): fixed\?/);
    expect(r.out.split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ waived, \d+ warnings?$/);
    const report = json(r);
    expect(report.cases.find((c) => c.title === 'filter by name')).toMatchObject({
      status: 'passed',
      failures: [],
      waived: expect.arrayContaining([
        expect.objectContaining({ check: 'filter-matches', waiver: expect.objectContaining({ reason: 'name filter ignored until 4.2' }) }),
      ]),
    });
    expect(report.certificate).toMatchObject({
      result: 'pass',
      waiversApplied: [expect.objectContaining({ check: 'filter-matches', failures: expect.any(Number) })],
    });
    expect(report.waivers.stale).toEqual([{ check: 'approve-effect', reason: 'fixed?', expires: '2027-01-01' }]);
  });

  it('fails the run on an expired waiver, saying which', async () => {
    const file = waiversFile('expired.json', [{ check: 'filter-matches', operation: 'listGroups', reason: 'was due yesterday', expires: '2026-03-01' }]);
    const r = await run(against(healthy, '--seed', '7', '--only', 'groups', '--waivers', file));
    expect(r.code).toBe(1);
    expect(r.out).toContain('Expired waivers (they waive nothing and fail the run)\n  ✗ filter-matches on listGroups (expires 2026-03-01): was due yesterday');
    expect(r.out).toContain('✗ waiver expired: filter-matches on listGroups (expires 2026-03-01)');
    expect(json(r).certificate.result).toBe('fail');
  });

  it.each([
    [
      'a waiver with an unknown check',
      [{ check: 'filter-match', reason: 'r', expires: '2026-04-01' }],
      /w-bad\.json: waiver 0 \(filter-match\): no check is named "filter-match"/,
    ],
    ['a waiver without reason', [{ check: 'filter-matches', expires: '2026-04-01' }], /waiver 0 needs "reason"/],
  ])('exits 2 on %s, naming the entry', async (_name, waivers, message) => {
    const r = await run(against(healthy, '--waivers', waiversFile('w-bad.json', waivers)));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('runs a profile: data-action-provider tests the two data actions only', async () => {
    const r = await run(against(healthy, '--seed', '3', '--profile', 'data-action-provider'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('Areas: data-actions');
    expect(json(r).certificate).toMatchObject({ profile: 'data-action-provider', areas: ['data-actions'], operationsCoverage: 100 });
    const bad = await run(against(healthy, '--profile', 'partner'));
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--profile takes platform, data-action-provider, read-only/);
  });

  it('conform:diff names what newly fails and what got fixed, exiting 1 only on a regression', { timeout: suiteBudget(2) }, async () => {
    const good = json(await run(against(healthy, '--seed', '7', '--only', 'groups')));
    const bad = json(await run(against(broken, '--seed', '7', '--only', 'groups')));
    const files: Record<string, string> = { 'old.json': JSON.stringify(good), 'new.json': JSON.stringify(bad), 'junk.json': '{"x":1}' };
    const diff = (argv: string[]) => {
      const out: string[] = [];
      const code = conformDiff(argv, {
        stdout: (l) => out.push(l),
        stderr: (l) => out.push(l),
        readFile: (p) =>
          files[p] ??
          (() => {
            throw new Error('ENOENT');
          })(),
      });
      return { code, out: out.join('\n') };
    };
    const regression = diff(['old.json', 'new.json']);
    expect(regression.code).toBe(1);
    expect(regression.out).toMatch(/^Newly failing: 1\n {2}✗ groups › filter by name\n {6}filter-matches on listGroups/m);
    // The same count as the run's own reports: failed steps.
    expect(regression.out).toMatch(new RegExp(`^Failed steps: 0 → ${bad.counts.failed}$`, 'm'));
    expect(regression.out).toMatch(/^Fixed: 0$/m);
    const fixed = diff(['new.json', 'old.json']);
    expect(fixed.code).toBe(0);
    expect(fixed.out).toMatch(/^Newly failing: 0\nFixed: 1\n {2}✓ groups › filter by name\n {6}filter-matches on listGroups/m);
    expect(diff(['old.json', 'junk.json'])).toMatchObject({ code: 2, out: expect.stringMatching(/junk\.json is not a conformance JSON report/) });
    expect(diff(['old.json'])).toMatchObject({ code: 2 });
    expect(diff(['old.json', 'missing.json'])).toMatchObject({ code: 2, out: expect.stringMatching(/cannot read missing\.json/) });
  });
});
