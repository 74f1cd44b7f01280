import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hostileRun } from '../testing/hostileRun.ts';
import { setupLine } from '../run/replayVariables.ts';
import { toJsonReport } from './toJsonReport.ts';
import { usedReplay } from './usedReplay.ts';

describe('the setup line names only what the reproducers use', () => {
  const run = {
    ...hostileRun(),
    replay: [
      { name: 'CONFORM_TOKEN', origin: 'flag --token', shell: "'tok-1234'" },
      // Stops a shell when unset: it must not be in the line when no reproducer needs it.
      { name: 'CONFORM_USER_TOKEN', origin: "the suite's OAuth login", shell: '"${CONFORM_USER_TOKEN:?rerun with --save-token FILE}"' },
    ],
  };

  it('keeps a variable a curl names and drops one none names', () => {
    expect(usedReplay(run).map((v) => v.name)).toEqual(['CONFORM_TOKEN']);
  });

  it("the JSON report's setup runs in a shell without stopping", () => {
    const report = JSON.parse(toJsonReport(run)) as { setup: string };
    expect(report.setup).toBe(setupLine(usedReplay(run)));
    expect(execFileSync('bash', ['-c', `${report.setup}\necho "ok $CONFORM_TOKEN"`], { encoding: 'utf8', env: {} }).trim()).toBe('ok tok-1234');
  });
});
