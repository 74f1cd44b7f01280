/**
 * Writes fixtures/conform.mock.json, the conformance suite's configuration for the mock seeded with the
 * default seed. `--check` writes nothing and exits 1 when the committed file is stale.
 *
 *   npx tsx scripts/writeConformConfig.ts [--check]
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildConformConfig, CONFORM_CONFIG_PATH, serializeJson } from '../fixtures/conformConfig.ts';
import { DEFAULT_SEED, generateDataset } from '../fixtures/generateDataset.ts';
import { writeOrCheck } from '../fixtures/writeOrCheck.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const content = serializeJson(buildConformConfig(generateDataset({ seed: DEFAULT_SEED })));
const stale = writeOrCheck([{ path: CONFORM_CONFIG_PATH, content }], values.check);
const shown = relative(process.cwd(), CONFORM_CONFIG_PATH);

if (values.check && stale.length > 0) {
  console.error(`${shown} is stale: run npx tsx scripts/writeConformConfig.ts`);
  process.exit(1);
}
console.log(values.check ? `${shown} is up to date` : stale.length > 0 ? `wrote ${shown}` : `${shown} unchanged`);
