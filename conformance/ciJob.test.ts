import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from './cli.ts';
import { startMockTarget, type MockTarget } from './testing/startMockTarget.ts';
import { suiteBudget } from './testing/suiteBudget.ts';

const readme = readFileSync(new URL('../docs/conformance.md', import.meta.url), 'utf8');

/** The arguments of the CI job of docs/conformance.md: the folded `npm run conform -- …` lines of its Conformance step. */
function ciJobArgs(): string[] {
  const match = /run: >\n((?:\s+npm run conform -- [^\n]+\n)(?:\s+--[^\n]+\n)*)/.exec(readme);
  if (!match?.[1]) throw new Error('docs/conformance.md has no CI job with a folded `npm run conform` command');
  return (match[1].trim().split(/\s+/).slice(4) as string[]).filter((a) => a !== '');
}

// docs/conformance.md promises a CI job that gates a test instance on every push: it must pass again on the same
// instance, whose state the first run changed (the approve it sent cannot be repeated).
describe('the CI job of docs/conformance.md', { timeout: suiteBudget(2) }, () => {
  let target: MockTarget;
  let dir: string;
  beforeAll(async () => {
    target = await startMockTarget();
    dir = mkdtempSync(join(tmpdir(), 'conform-ci-'));
  });
  afterAll(async () => {
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is found in docs/conformance.md with --min-coverage and --strict', () => {
    expect(ciJobArgs()).toEqual(expect.arrayContaining(['--strict', '--min-coverage', '--config', '--waivers']));
  });

  it('passes twice against one instance, with the metadata endpoint and approve covered', async () => {
    // The recipe's split: secrets in the environment, the rest in ci/conform.json.
    const { baseUrl: _base, token, appSecret, oauth, ...rest } = target.config;
    const { clientSecret, ...publicOauth } = oauth ?? { clientSecret: undefined };
    writeFileSync(join(dir, 'conform.json'), JSON.stringify({ ...rest, ...(oauth ? { oauth: publicOauth } : {}) }));
    writeFileSync(join(dir, 'waivers.json'), '[]');
    const files: Record<string, string> = { '../ci/conform.json': join(dir, 'conform.json'), '../ci/waivers.json': join(dir, 'waivers.json') };
    const args = ciJobArgs().map((a) =>
      a === 'http://localhost:8080' ? target.url : (files[a] ?? (a.startsWith('../reports/') ? join(dir, a.slice('../reports/'.length)) : a)),
    );
    const env = { CONFORM_TOKEN: token, CONFORM_APP_SECRET: appSecret, CONFORM_CLIENT_SECRET: clientSecret };
    const outcomes = [];
    for (const run of [1, 2]) {
      const lines: string[] = [];
      const code = await main(args, { env, stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) });
      const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
        coverage?: { operations?: { notCovered?: Array<{ operation?: string }> } };
      };
      outcomes.push({
        run,
        code,
        uncovered: (report.coverage?.operations?.notCovered ?? []).map((u) => u.operation),
        output: code === EXIT.conformant ? '' : lines.join('\n'),
      });
    }
    expect(outcomes).toEqual([
      { run: 1, code: EXIT.conformant, uncovered: [], output: '' },
      { run: 2, code: EXIT.conformant, uncovered: [], output: '' },
    ]);
  });
});
