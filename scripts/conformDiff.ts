import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../conformance/config/UsageError.ts';
import { diffReports, formatDiff, isRegression } from '../conformance/diff/diffReports.ts';
import { readReportForDiff } from '../conformance/diff/readReportForDiff.ts';

export const DIFF_USAGE = `Usage: npm run conform:diff -- OLD.json NEW.json

Compares two JSON reports of the conformance suite (--json FILE) in failed steps, as every report counts:
which steps newly fail, which got fixed, which still fail (and break a rule they did not), what changed in
coverage. Exit codes: 0 nothing newly fails, 1 a step newly fails or breaks a new rule, 2 bad usage.`;

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
    if (argv.length !== 2 || argv.some((a) => a.startsWith('-'))) throw new UsageError('give exactly two reports: OLD.json NEW.json');
    const read = (path: string) => {
      try {
        return (io.readFile ?? ((p: string) => readFileSync(p, 'utf8')))(path);
      } catch (error) {
        throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
      }
    };
    const [oldFile, newFile] = argv as [string, string];
    const diff = diffReports(readReportForDiff(read(oldFile), oldFile), readReportForDiff(read(newFile), newFile));
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
