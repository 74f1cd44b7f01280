import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'spec-diff-recipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The README's CI step for a pull request changing the contract, exactly as printed there. */
function recipe(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /<!-- spec-diff-recipe -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no spec-diff recipe block');
  return block.trim();
}

describe("the README's spec-diff CI step", () => {
  it(
    'runs as written in a clone whose base branch is its own HEAD: no change, the committed flow replays, exit 0, the JSON and a markdown summary',
    { timeout: 60_000 },
    () => {
      // A clone, as CI checks one out: origin/main is the commit checked out, so the merge base is HEAD itself.
      const clone = join(dir, 'clone');
      const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { encoding: 'utf8' });
      expect(cloned.status, cloned.stderr).toBe(0);
      symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
      const summary = join(dir, 'summary.md');
      const env: NodeJS.ProcessEnv = { ...process.env, GITHUB_STEP_SUMMARY: summary };
      delete env.GITHUB_BASE_REF;
      const result = spawnSync('bash', ['-euo', 'pipefail', '-c', recipe()], { cwd: clone, encoding: 'utf8', env, timeout: 60_000 });
      expect(result.status, result.stderr + result.stdout).toBe(0);
      expect(result.stdout).toMatch(/Contract diff [0-9a-f]{7,}:spec\/openapi\.yaml → spec\/openapi\.yaml: 0 changes/);
      expect(readFileSync(summary, 'utf8')).toMatch(/^### Contract diff: no breaking change/);
      expect(result.stdout).toMatch(
        /Recorded flows: 1, 0 broken by the change\n {2}ok +fixtures\/flows\/list-and-open-group\.har \(2 API calls\): replay on the new contract passes/,
      );
      expect(JSON.parse(readFileSync(join(clone, 'reports', 'spec-diff.json'), 'utf8'))).toMatchObject({
        breaking: false,
        changes: [],
        impact: { flows: [{ file: 'fixtures/flows/list-and-open-group.har', broken: false, replay: { status: 'passed', calls: 2 } }] },
      });
    },
  );
});
