/**
 * npm run lint:spec — the spec must parse, compile (every schema, through the contract module) and lint
 * clean with Redocly's recommended rules (redocly.yaml). Any problem, warning included, fails with the file,
 * the location and the reason.
 *   tsx scripts/lintSpec.ts [FILE]   (default spec/openapi.yaml)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildContract } from '../spec/contract.ts';
import { DEFAULT_SPEC_PATH, loadDocument, SpecError } from '../spec/loadDocument.ts';

const file = process.argv[2] ?? DEFAULT_SPEC_PATH;
const redocly = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));

try {
  buildContract(loadDocument(file), file);
} catch (error) {
  if (error instanceof SpecError) {
    console.error(`spec: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const json = spawnSync(redocly, ['lint', file, '--format=json'], { encoding: 'utf8', env });
let totals: { errors: number; warnings: number } | undefined;
try {
  totals = (JSON.parse(json.stdout) as { totals: { errors: number; warnings: number } }).totals;
} catch {
  totals = undefined;
}
if (!totals || totals.errors + totals.warnings > 0) {
  // The stylish format names file:line:column and the rule; show it for a person to act on.
  const stylish = spawnSync(redocly, ['lint', file, '--format=stylish'], { encoding: 'utf8', env });
  console.error(stylish.stdout || json.stderr || stylish.stderr);
  console.error(totals ? `spec: ${totals.errors} errors and ${totals.warnings} warnings from redocly lint` : 'spec: redocly lint did not run cleanly');
  process.exit(1);
}
console.log(`spec: ${file} parses, compiles and lints clean`);
