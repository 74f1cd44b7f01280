import { relative } from 'node:path';
import { DEFAULT_SPEC_PATH } from '../../spec/loadDocument.ts';
import type { FlowReplayer } from './SpecDiffImpact.ts';
import { specDiffCli } from './specDiffCli.ts';

/**
 * The diff as a process runs it (npm run spec:diff, edu-conform spec-diff): real streams, clock and files.
 * `replay` replays recorded flows on a mock of the new contract; the package has no mock, so it passes none.
 */
export async function runSpecDiff(argv: string[], replay?: FlowReplayer): Promise<void> {
  process.exitCode = await specDiffCli(argv, {
    stdout: (line) => process.stdout.write(line + '\n'),
    stderr: (line) => process.stderr.write(line + '\n'),
    now: () => new Date(),
    // Relative, so reports name the contract as a reader of the clone would.
    defaultHead: relative(process.cwd(), DEFAULT_SPEC_PATH),
    ...(replay ? { replay } : {}),
  });
}
