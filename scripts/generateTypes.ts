/**
 * Regenerates spec/openapi.d.ts from spec/openapi.yaml with openapi-typescript.
 *   tsx scripts/generateTypes.ts           write the file
 *   tsx scripts/generateTypes.ts --check   exit 1 when the committed file is stale (run by npm test)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const specUrl = new URL('../spec/openapi.yaml', import.meta.url);
const outUrl = new URL('../spec/openapi.d.ts', import.meta.url);

const HEADER = `/**
 * Generated from spec/openapi.yaml by scripts/generateTypes.ts (openapi-typescript). Do not edit by hand:
 * change the spec and run \`npm run generate:types\`; \`npm test\` fails when this file is stale.
 */

`;

export async function renderTypes(): Promise<string> {
  const ast = await openapiTS(specUrl, { rootTypes: true, rootTypesNoSchemaPrefix: true, alphabetize: false });
  return HEADER + astToString(ast);
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const fresh = await renderTypes();
  if (!check) {
    await writeFile(outUrl, fresh);
    console.log(`wrote ${fileURLToPath(outUrl)}`);
    return;
  }
  const committed = await readFile(outUrl, 'utf8').catch(() => '');
  if (committed !== fresh) {
    console.error('spec/openapi.d.ts is stale: it does not match spec/openapi.yaml. Run `npm run generate:types` and commit it.');
    process.exit(1);
  }
  console.log('spec/openapi.d.ts is up to date');
}

await main();
