import type { Dataset } from '../../fixtures/records.ts';
import type { Stored } from './Stored.ts';

/** A dataset whose collections are read as they are iterated (OverlayStore.snapshotParts). */
export type DatasetParts = { seed: number } & { [K in DatasetList]: Iterable<Stored<Dataset[K][number]>> };
export type DatasetList = 'communities' | 'users' | 'members' | 'groups' | 'enrollments' | 'components' | 'apps' | 'installations' | 'syncRuns' | 'tokens';

/** A dataset's lists, in the order JSON.stringify of a Dataset writes them, so both give the same text. */
export const DATASET_LISTS: readonly DatasetList[] = [
  'communities',
  'users',
  'members',
  'groups',
  'enrollments',
  'components',
  'apps',
  'installations',
  'syncRuns',
  'tokens',
];

/**
 * The JSON of a dataset in pieces of about `chunkChars`, record by record: the same text as
 * JSON.stringify(snapshot), without ever holding it whole (a million groups make more than the longest
 * string V8 allows, about 512 MB).
 */
export function* datasetJsonChunks(parts: DatasetParts, chunkChars = 64 * 1024): Generator<string> {
  let text = `{"seed":${JSON.stringify(parts.seed)}`;
  for (const list of DATASET_LISTS) {
    text += `,"${list}":[`;
    let first = true;
    for (const record of parts[list]) {
      text += (first ? '' : ',') + JSON.stringify(record);
      first = false;
      if (text.length >= chunkChars) {
        yield text;
        text = '';
      }
    }
    text += ']';
  }
  yield `${text}}`;
}
