import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck } from './Check.ts';

/**
 * A removeUnlisted* flag unlinks, on the listed group, what the upload does not list. The description does
 * not state the flags' effect (production's documentation does): SHOULD.
 */
export const syncRemoveUnlisted = defineCheck<{ exchange: Exchange; flag: string; alias: string; relation: string; expected: string[]; actual: string[] }>(
  'sync-remove-unlisted',
  'A removeUnlisted* flag unlinks the relations the upload does not list.',
  { SHOULD: decided('Synchronization upload') },
  ({ exchange, flag, alias, relation, expected, actual }, fail) => {
    const want = [...new Set(expected)].sort();
    const got = [...new Set(actual)].sort();
    if (want.join('\u0000') === got.join('\u0000')) return [];
    return [
      fail('SHOULD', exchange, `after an upload with ${flag}: true, group "${alias}" has ${relation} ${JSON.stringify(got)}`, {
        path: `response.${relation}`,
        expected: want,
        actual: got,
      }),
    ];
  },
);
