import type { Exchange } from '../client/Exchange.ts';
import { stated, defineCheck } from './Check.ts';
import { citeOwnDataAction } from './updatedAfterSentence.ts';
import type { Json } from './values.ts';

/** Users and components just uploaded were updated after an instant before the upload: the data actions supply them (MUST). */
export const syncRecordsSupplied = defineCheck<{ exchange: Exchange; kind: string; aliases: string[]; records: Json[] }>(
  'sync-records-supplied',
  'Records uploaded through sync are supplied by the data actions as updated.', { MUST: stated('Provides the community\'s users, for a season, updated after a given instant.') },
  ({ exchange, kind, aliases, records }, fail) => {
    const returned = new Set(records.map((r) => r.alias));
    const missing = aliases.filter((a) => !returned.has(a));
    return missing.length === 0 ? [] : citeOwnDataAction([fail('MUST', exchange, `uploaded ${kind} missing from the data action: ${missing.join(', ')}`, { path: 'response.data', expected: aliases, actual: missing.length === aliases.length ? 'none of them' : aliases.filter((a) => returned.has(a)) })]);
  },
);
