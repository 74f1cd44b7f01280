import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../conformance/config/UsageError.ts';
import { diffReports, formatDiff, isRegression } from '../conformance/diff/diffReports.ts';
import { readReportForDiff } from '../conformance/diff/readReportForDiff.ts';

export const DIFF_USAGE = `Usage: npm run conform:diff -- [--force] OLD.json NEW.json

Compares two JSON reports of the conformance suite (--json FILE) in failed steps, as every report counts:
which steps newly fail, which got fixed, which still fail (and break a rule they did not), what changed in
coverage. Two runs made differently (strictness, profile, operations, areas, waivers or seed) are refused:
their failures differ by plan, not by the target. --force compares them anyway, with a warning per
difference. A run its deadline stopped (verdict "incomplete") is compared with a warning; a step it did not
finish is never counted as fixed.
Exit codes: 0 nothing newly fails, 1 a step newly fails or breaks a new rule, 2 bad usage or runs made differently.`;

/** npm run conform:diff -- OLD.json NEW.json: exit 1 when NEW fails a step OLD did not, or a failing step breaks a new rule. */
export function conformDiff(
  argv: string[],
  io: { stdout: (line: string) => void; stderr: (line: string) => void; readFile?: (path: string) => string },
): number {
  if (argv.includes('-h') || argv.includes('--help')) {
    io.stdout(DIFF_USAGE);
    return 0;
  }
  try {
    const force = argv.includes('--force');
    const files = argv.filter((a) => a !== '--force');
    if (files.length !== 2 || files.some((a) => a.startsWith('-'))) throw new UsageError('give exactly two reports: OLD.json NEW.json');
    const read = (path: string) => {
      try {
        return (io.readFile ?? ((p: string) => readFileSync(p, 'utf8')))(path);
      } catch (error) {
        throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
      }
    };
    const [oldFile, newFile] = files as [string, string];
    const diff = diffReports(readReportForDiff(read(oldFile), oldFile), readReportForDiff(read(newFile), newFile));
    if (diff.plan.length > 0 && !force)
      throw new UsageError(
        `the two runs were made differently, so their failures are not like for like:\n${diff.plan
          .map((m) => `  ${m.what}: ${m.before} → ${m.after}`)
          .join('\n')}\nRun both the same way, or add --force to compare them anyway.`,
      );
    io.stdout(formatDiff(diff));
    return isRegression(diff) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`conform:diff: ${error.message}`);
    io.stderr(DIFF_USAGE);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = conformDiff(process.argv.slice(2), {
    stdout: (line) => process.stdout.write(line + '\n'),
    stderr: (line) => process.stderr.write(line + '\n'),
  });
}
