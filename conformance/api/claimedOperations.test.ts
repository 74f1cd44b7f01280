import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli.ts';
import { diffReports } from '../diff/diffReports.ts';
import { readReportForDiff } from '../diff/readReportForDiff.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { runConformance } from './runConformance.ts';

/**
 * A partner who implements part of the API (issue: --operations, a profile file): judged on what it claims,
 * against the mock and against the switchable target, each with a fault on an operation it claims and one on
 * an operation it does not. Bounded: the groups area alone, no generative phase unless the test is about it.
 */
const CLAIM = ['listGroups', 'getGroup'];
const SMALL = { areas: ['groups'] as const, generate: false as const, seed: 11, env: {} };

const servers: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
const mock = async (faults: string[]): Promise<MockTarget> => {
  const started = await startMockTarget({ faults });
  servers.push(started);
  return started;
};
const target = async (faults: string[]): Promise<TestTarget> => {
  const started = await startTestTarget({ faults: faults as never });
  servers.push(started);
  return started;
};

describe('a partner claiming only listGroups and getGroup', () => {
  // [where, fault on an unclaimed operation (searchGroups), fault on a claimed one (listGroups), the check]
  it.each<[string, (faults: string[]) => Promise<{ url: string; config: TestTarget['config'] }>, string, string]>([
    ['the mock', mock, 'search-ignores-q', 'ignore-name-filter'],
    ['the switchable target', target, 'search-ignores-q', 'ignores-name-filter'],
  ])(
    'against %s: a fault on an unclaimed operation passes, reported apart; one on a claimed operation fails',
    async (_where, start, unclaimedFault, claimedFault) => {
      const unclaimed = await start([unclaimedFault]);
      const whole = await runConformance({ ...SMALL, baseUrl: unclaimed.url, config: unclaimed.config });
      // The fault is real: the same run without a claim fails on searchGroups.
      expect(whole.verdict.result).toBe('fail');
      expect(whole.cases.flatMap((c) => c.failures.map((f) => f.exchange.operationId))).toContain('searchGroups');

      const claimed = await runConformance({ ...SMALL, baseUrl: unclaimed.url, config: unclaimed.config, operations: CLAIM });
      expect(claimed.verdict.result).toBe('pass');
      expect(claimed.unclaimed?.map((u) => u.failure.exchange.operationId)).toContain('searchGroups');
      expect(claimed.certificate.operations).toEqual(CLAIM);
      expect(claimed.toMarkdown()).toMatch(/^\d+ found on operations the target does not claim, not failing the run/m);
      // Coverage counts the claimed operations alone.
      expect(claimed.coverage.operations.total).toBe(2);
      // conform:diff reads the claim where the certificate records it: runs claiming differently are not like for like.
      const plan = diffReports(readReportForDiff(whole.toJson(), 'a.json'), readReportForDiff(claimed.toJson(), 'b.json')).plan;
      expect(plan).toContainEqual({ what: 'operations', before: '(every operation of the profile)', after: 'getGroup,listGroups' });

      const broken = await start([claimedFault]);
      const failing = await runConformance({ ...SMALL, baseUrl: broken.url, config: broken.config, operations: CLAIM });
      expect(failing.verdict.result).toBe('fail');
      expect(failing.cases.flatMap((c) => c.failures.map((f) => `${f.check} ${f.exchange.operationId}`))).toContain('filter-matches listGroups');
    },
  );

  it('a profile file on the command line claims the same, and the JSON report lists what was found unclaimed', async () => {
    const { url, config } = await target(['search-ignores-q']);
    const files: Record<string, string> = {
      'target.json': JSON.stringify(config),
      'partner.json': JSON.stringify({ name: 'escola-parceira', operations: CLAIM }),
    };
    const written: Record<string, string> = {};
    const out: string[] = [];
    const code = await main(
      ['--base-url', url, '--config', 'target.json', '--profile', 'partner.json', '--only', 'groups', '--no-generate', '--seed', '11', '--json', 'out.json'],
      {
        env: {},
        stdout: (line) => out.push(line),
        stderr: () => undefined,
        readFile: (path) => files[path] ?? '',
        writeFile: (path, text) => {
          written[path] = text;
        },
      },
    );
    const report = JSON.parse(written['out.json'] as string) as {
      verdict: { result: string };
      profile: string;
      certificate: { operations: string[] };
      unclaimed: Array<{ operation: string; check: string }>;
    };
    expect(code).toBe(0);
    expect(report).toMatchObject({ verdict: { result: 'pass' }, profile: 'escola-parceira', certificate: { operations: CLAIM } });
    expect(report.unclaimed.map((u) => u.operation)).toContain('searchGroups');
    expect(out.join('\n')).toMatch(
      /^Not claimed \(\d+ found on operations the target does not claim; not failing the run\)\n {2}- \[(MUST|SHOULD)\] [a-z-]+ on searchGroups/m,
    );
  });

  it('--min-coverage counts the claimed operations: a run covering both passes at 100%', async () => {
    const { url, config } = await target([]);
    const report = await runConformance({ ...SMALL, baseUrl: url, config, operations: CLAIM, minCoverage: 100 });
    expect(report.coverage.operations).toMatchObject({ covered: 2, total: 2, percent: 100 });
    expect(report.verdict.result).toBe('pass');
  });

  it('the generative phase sends nothing to an operation not claimed', async () => {
    const { url, config } = await target([]);
    const report = await runConformance({ ...SMALL, areas: ['generate'], generate: 1, baseUrl: url, config, operations: CLAIM });
    const sentTo = new Set((report.exchangeLog ?? []).flatMap((e) => (e.operationId ? [e.operationId] : [])));
    expect([...sentTo].sort()).toEqual([...CLAIM].sort());
    expect(report.cases.map((c) => c.title)).toContain('generated: getGroup');
  });

  it.each<[string, Parameters<typeof runConformance>[0], RegExp]>([
    ['an operation the profile lacks', { baseUrl: 'http://127.0.0.1:9', operations: ['deleteEverything'], env: {} }, /--operations names deleteEverything/],
    ['a claim that is not a list of names', { baseUrl: 'http://127.0.0.1:9', operations: ['list groups'], env: {} }, /operations takes a list of operationIds/],
  ])('refuses %s before sending anything', async (_name, options, message) => {
    await expect(runConformance(options)).rejects.toThrow(message);
  });
});
