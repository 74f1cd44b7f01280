import type { Exchange } from '../client/Exchange.ts';
import { decided, stated, defineCheck } from './Check.ts';
import { citeOwnDataAction } from './updatedAfterSentence.ts';
import type { Json } from './values.ts';

/**
 * Users and components just uploaded were updated after an instant before the upload: the data actions supply
 * them for the season of the groups they were linked to (MUST). Linked to groups of that season only, they
 * are not supplied for another season: `otherSeason` names the season asked then. How a user or component
 * belongs to a season is not stated (one with no season of its own may be supplied for every one), so this
 * half is our decision (SHOULD, "Data actions" in spec/DECISIONS.md).
 */
export const syncRecordsSupplied = defineCheck<{
  exchange: Exchange;
  kind: string;
  aliases: string[];
  records: Json[];
  otherSeason?: { asked: string; uploaded: string };
}>(
  'sync-records-supplied',
  'Records uploaded through sync are supplied by the data actions as updated, for their season only.',
  { MUST: stated("Provides the community's users, for a season, updated after a given instant."), SHOULD: decided('Data actions') },
  ({ exchange, kind, aliases, records, otherSeason }, fail) => {
    const returned = new Set(records.map((r) => r.alias));
    if (otherSeason) {
      const leaked = aliases.filter((a) => returned.has(a));
      return leaked.length === 0
        ? []
        : citeOwnDataAction([
            fail(
              'SHOULD',
              exchange,
              `${kind} uploaded into season ${otherSeason.uploaded} only are supplied for season ${otherSeason.asked}: ${leaked.join(', ')} (data.season ignored?)`,
              { path: 'response.data', expected: `no record of season ${otherSeason.uploaded}`, actual: leaked },
            ),
          ]);
    }
    const missing = aliases.filter((a) => !returned.has(a));
    return missing.length === 0
      ? []
      : citeOwnDataAction([
          fail('MUST', exchange, `uploaded ${kind} missing from the data action: ${missing.join(', ')}`, {
            path: 'response.data',
            expected: aliases,
            actual: missing.length === aliases.length ? 'none of them' : aliases.filter((a) => returned.has(a)),
          }),
        ]);
  },
);
