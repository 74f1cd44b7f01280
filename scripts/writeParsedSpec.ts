/**
 * Writes spec/openapi.parsed.json, the spec parsed once so a start skips the YAML parse (spec/parsedSpec.ts).
 * `--check` writes nothing and exits 1 when the committed snapshot is stale (run by npm test).
 *
 *   npx tsx scripts/writeParsedSpec.ts [--check]
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { writeOrCheck } from '../fixtures/writeOrCheck.ts';
import { DEFAULT_SPEC_PATH, parseDocumentText } from '../spec/loadDocument.ts';
import { parsedSpecPath, serializeParsedSpec } from '../spec/parsedSpec.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const text = readFileSync(DEFAULT_SPEC_PATH, 'utf8');
const out = parsedSpecPath(DEFAULT_SPEC_PATH);
const stale = writeOrCheck([{ path: out, content: serializeParsedSpec(text, parseDocumentText(text, DEFAULT_SPEC_PATH)) }], values.check);
const shown = relative(process.cwd(), out);

if (values.check && stale.length > 0) {
  console.error(`${shown} is stale: run npm run generate`);
  process.exit(1);
}
console.log(values.check ? `${shown} is up to date` : stale.length > 0 ? `wrote ${shown}` : `${shown} unchanged`);
