/**
 * Writes fixtures/defaultDataset.json, the default seed's dataset that a default start reads instead of
 * generating it (fixtures/defaultDataset.ts). `--check` writes nothing and exits 1 when it is stale.
 *
 *   npx tsx scripts/writeDefaultDataset.ts [--check]
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATASET_PATH, serializeDefaultDataset } from '../fixtures/defaultDataset.ts';
import { DEFAULT_SEED, generateDataset } from '../fixtures/generateDataset.ts';
import { writeOrCheck } from '../fixtures/writeOrCheck.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const stale = writeOrCheck([{ path: DEFAULT_DATASET_PATH, content: serializeDefaultDataset(generateDataset({ seed: DEFAULT_SEED })) }], values.check);
const shown = relative(process.cwd(), DEFAULT_DATASET_PATH);

if (values.check && stale.length > 0) {
  console.error(`${shown} is stale: run npm run generate`);
  process.exit(1);
}
console.log(values.check ? `${shown} is up to date` : stale.length > 0 ? `wrote ${shown}` : `${shown} unchanged`);
