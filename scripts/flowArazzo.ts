import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { harToArazzo } from '../conformance/arazzo/harToArazzo.ts';
import { UsageError } from '../conformance/config/UsageError.ts';
import { readHar } from '../conformance/har/readHar.ts';
import { DEFAULT_SPEC_PATH, loadDocument } from '../spec/loadDocument.ts';

export const FLOW_ARAZZO_USAGE = `Usage: npm run flow:arazzo -- HAR --out FILE [--spec FILE] [--title TEXT]

Exports a recorded flow (a HAR: the mock's GET /__mock/journal/har, the proxy's, a browser's) as an Arazzo
1.0.1 workflow: one step per API exchange (operationId, parameters, JSON body, success on the status it got),
outputs carrying ids from an answer to a later request, masked secrets as inputs. Run it with
npx redocly respect FILE --server api=URL --input authorization="Bearer TOKEN".
Exit codes: 0 written, 2 bad usage.`;

/** npm run flow:arazzo -- HAR --out FILE: the HAR as an Arazzo workflow; returns the exit code. */
export function flowArazzo(argv: string[], io: { stdout: (line: string) => void; stderr: (line: string) => void }): number {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, spec: { type: 'string' }, title: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.stdout(FLOW_ARAZZO_USAGE);
      return 0;
    }
    const [harFile] = positionals;
    if (positionals.length !== 1 || harFile === undefined) throw new UsageError('give one HAR file');
    if (values.out === undefined) throw new UsageError('give --out FILE');
    let text: string;
    try {
      text = readFileSync(harFile, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${harFile}: ${(error as Error).message}`);
    }
    const specFile = values.spec ?? DEFAULT_SPEC_PATH;
    // The source description is found relative to the workflow file, so the pair can be committed together.
    const specUrl = relative(dirname(resolve(values.out)), resolve(specFile)) || specFile;
    const { document, skipped } = harToArazzo(readHar(text, harFile), loadDocument(specFile), { specUrl, title: values.title ?? `Recorded flow ${harFile}` });
    writeFileSync(values.out, stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }));
    io.stdout(`${values.out}: ${document.workflows[0]?.steps.length ?? 0} steps, ${skipped.length} entries left out`);
    for (const line of skipped) io.stdout(`  left out: ${line}`);
    return 0;
  } catch (error) {
    const message =
      error instanceof UsageError ? error.message : (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? (error as Error).message : undefined;
    if (message === undefined) throw error;
    io.stderr(`flow:arazzo: ${message}`);
    io.stderr(FLOW_ARAZZO_USAGE);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = flowArazzo(process.argv.slice(2), { stdout: (l) => process.stdout.write(l + '\n'), stderr: (l) => process.stderr.write(l + '\n') });
}
