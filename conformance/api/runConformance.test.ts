import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../cli.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { runConformance } from './runConformance.ts';
import { UsageError } from '../config/UsageError.ts';

const targets: TestTarget[] = [];
const target = async (faults: string[] = []): Promise<TestTarget> => {
  const started = await startTestTarget({ faults: faults as never });
  targets.push(started);
  return started;
};
afterAll(async () => {
  await Promise.all(targets.map((t) => t.close()));
});
// Bounded: one area, no generative phase; the same for the command line it is compared with.
const SMALL = { areas: ['groups'] as const, generate: false as const, seed: 7, env: {} };

describe('runConformance, the programmatic API', () => {
  it('returns a typed report with one verdict, the verdict and failures the command line gives for the same seed, printing nothing', async () => {
    const write = vi.spyOn(process.stdout, 'write');
    const log = vi.spyOn(console, 'log');
    const { url, config } = await target(['ignores-name-filter']);
    const report = await runConformance({ ...SMALL, baseUrl: url, config });
    expect(write).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(report.verdict.result).toBe('fail');
    expect(report.certificate.result).toBe('fail');
    expect(report).not.toHaveProperty('conformant');
    const failed = report.cases.flatMap((c) => c.failures.map((f) => f.check));
    expect(failed).toContain('filter-matches');
    expect(JSON.parse(report.toJson())).toMatchObject({ verdict: { result: 'fail' }, conformant: false, seed: 7 });
    expect(report.toJUnit()).toContain('<failure type="filter-matches"');
    expect(report.toHtml()).toMatch(/^<!doctype html>/i);
    expect(report.toMarkdown()).toMatch(/^## ✗ Not conformant: /);

    const fresh = await target(['ignores-name-filter']);
    const files: Record<string, string> = {};
    const code = await main(['--base-url', fresh.url, '--config', 'target.json', '--seed', '7', '--only', 'groups', '--no-generate', '--json', 'out.json'], {
      env: {},
      stdout: () => undefined,
      stderr: () => undefined,
      readFile: (path) => (path === 'target.json' ? JSON.stringify(fresh.config) : ''),
      writeFile: (path, text) => {
        files[path] = text;
      },
    });
    const cli = JSON.parse(files['out.json'] as string) as { verdict: { result: string }; cases: Array<{ failures: Array<{ check: string }> }> };
    expect(code).toBe(1);
    expect(cli.verdict.result).toBe(report.verdict.result);
    expect(cli.cases.flatMap((c) => c.failures.map((f) => f.check))).toEqual(failed);
  });

  it('stops cleanly when its signal is aborted: the steps not run are named, the verdict is incomplete, nothing is thrown', async () => {
    const { url, config } = await target();
    const controller = new AbortController();
    let cases = 0;
    const report = await runConformance({
      ...SMALL,
      baseUrl: url,
      config,
      signal: controller.signal,
      // After the second step, as a caller's timeout or a test runner's bail would.
      onProgress: (event) => {
        if (event.type === 'case' && ++cases === 2) controller.abort();
      },
    });
    expect(report.verdict.result).toBe('incomplete');
    expect(report.incomplete).toMatch(/stopped by its caller \(AbortSignal\): \d+ steps? not finished/);
    expect(report.counts.passed).toBe(2);
    expect(report.cases.slice(2).every((c) => c.status === 'skipped' && /stopped by its caller/.test(c.skipReason ?? ''))).toBe(true);
  });

  it.each<[string, Parameters<typeof runConformance>[0], RegExp]>([
    ['no base URL', { env: {} }, /no base URL/],
    ['a seed that is not a whole number', { baseUrl: 'http://127.0.0.1:9', seed: 1.5, env: {} }, /seed must be a whole number/],
    ['an unknown area', { baseUrl: 'http://127.0.0.1:9', areas: ['nope' as never], env: {} }, /areas takes auth, groups/],
    [
      'a config key of the wrong type',
      { baseUrl: 'http://127.0.0.1:9', config: { token: 7 as never }, env: {} },
      /the config option: "token" must be a string/,
    ],
    ['a waiver of no known check', { baseUrl: 'http://127.0.0.1:9', waivers: [{ check: 'nope', reason: 'r', expires: '2030-01-01' }], env: {} }, /nope/],
  ])('refuses %s with a UsageError, sending nothing', async (_name, options, message) => {
    const error = await runConformance(options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
  });
});
