import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { recordFlowHar } from './testing/recordFlowHar.ts';

/** The committed recording the README's CI step replays on every change of the contract. */
export const FLOW_FIXTURE = new URL('../fixtures/flows/list-and-open-group.har', import.meta.url);

/** The port a recording made on 127.0.0.1:0 used, and how long each exchange took, vary: neither is kept. */
export function normaliseHar(har: string): string {
  const doc = JSON.parse(har) as { log: { entries: Array<Record<string, unknown>> } };
  const text = JSON.stringify(doc, (key, value: unknown) => {
    if (key === 'time' && typeof value === 'number') return 0;
    if (key === 'timings') return { send: 0, wait: 0, receive: 0 };
    return value;
  });
  return JSON.stringify(JSON.parse(text.replace(/127\.0\.0\.1:\d+/g, 'localhost:4010')) as unknown, null, 2) + '\n';
}

/**
 * `npx tsx scripts/writeFlowFixture.ts` rewrites it: a frontend's screen recorded on the mock with
 * the default seed, lists two groups and opens the second. The mock's journal already masks the token.
 */
export async function writeFlowFixture(): Promise<void> {
  const har = await recordFlowHar([
    () => ({ method: 'GET', path: '/v1/groups?limit=2' }),
    (_config, last) => ({ method: 'GET', path: `/v1/groups/${(last as Array<{ _id: string }>)[1]!._id}` }),
  ]);
  mkdirSync(new URL('.', FLOW_FIXTURE), { recursive: true });
  writeFileSync(FLOW_FIXTURE, normaliseHar(har));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await writeFlowFixture();
