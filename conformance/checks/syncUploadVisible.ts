import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck, type CheckFailure } from './Check.ts';
import type { Json } from './values.ts';

export interface UploadedGroup {
  alias: string;
  name: string;
  season: string;
  active: boolean;
}

/**
 * An uploaded group is a group of the community afterwards, with the uploaded name, season and active
 * (MUST: the upload "receives entities"); `syncedAt` is stated as the last sync modification but our
 * reading that every upload stamps it is a decision (SHOULD).
 */
export const syncUploadVisible = defineCheck<{ exchange: Exchange; uploaded: UploadedGroup; group?: Json }>(
  'sync-upload-visible',
  'Uploaded groups are found by alias with the uploaded values.',
  {
    MUST: stated('It receives entities (groups, members, users, components) from an external management system in a synchronization run.'),
    SHOULD: decided('Synchronization upload'),
  },
  ({ exchange, uploaded, group }, fail) => {
    if (!group)
      return [fail('MUST', exchange, `the uploaded group "${uploaded.alias}" is not found by its alias`, { expected: uploaded, actual: 'not found' })];
    const out: CheckFailure[] = [];
    for (const key of ['name', 'season', 'active'] as const) {
      if (group[key] !== uploaded[key])
        out.push(
          fail('MUST', exchange, `the uploaded group "${uploaded.alias}" has ${key} ${JSON.stringify(group[key])}`, {
            path: `response.${key}`,
            expected: uploaded[key],
            actual: group[key],
          }),
        );
    }
    if (typeof group.syncedAt !== 'string')
      out.push(
        fail('SHOULD', exchange, `the uploaded group "${uploaded.alias}" has no syncedAt`, {
          path: 'response.syncedAt',
          expected: 'a timestamp',
          actual: group.syncedAt,
        }),
      );
    return out;
  },
);
