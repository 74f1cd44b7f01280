import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SPEC_PATH } from '../spec/loadDocument.ts';
import { specDiffCli } from '../conformance/specDiff/specDiffCli.ts';

/** npm run spec:diff -- --base REF|FILE [--head FILE]: the contract's changes, graded for clients and implementations. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = specDiffCli(process.argv.slice(2), {
    stdout: (line) => process.stdout.write(line + '\n'),
    stderr: (line) => process.stderr.write(line + '\n'),
    now: () => new Date(),
    // Relative, so reports name the file as a reader of the clone would.
    defaultHead: relative(process.cwd(), DEFAULT_SPEC_PATH),
  });
}
