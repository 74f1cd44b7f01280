import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck, type CheckFailure } from './Check.ts';
import { citeOwnDataAction } from './updatedAfterSentence.ts';
import { instant, label, type Json } from './values.ts';

export interface UpdatedAfterInput {
  exchange: Exchange;
  after: string;
  records: Json[];
  /** The same action's answer without `after`: its records newer than `after` must come back too. */
  unfiltered?: Json[];
  limit: number;
}

/**
 * "Updated after a given instant" (stated, MUST): no record older than `after` comes back, and none newer
 * is left out (unless the answer is full, when `limit` may have cut it). A record exactly at `after` is a
 * SHOULD question either way: the description says "after"; we decided (as production does) >=.
 */
export const updatedAfter = defineCheck<UpdatedAfterInput>(
  'updated-after',
  'A data action returns every record updated after `after` and none older.',
  { MUST: stated("Provides the community's users, for a season, updated after a given instant."), SHOULD: decided('Data actions') },
  ({ exchange, after, records, unfiltered, limit }, fail) => {
    const out: CheckFailure[] = [];
    const bound = instant(after) as number;
    const older = records.filter((r) => (instant(r.updatedAt) ?? Infinity) < bound);
    if (older.length > 0) {
      const first = older[0] as Json;
      out.push(
        fail('MUST', exchange, `${older.length} record(s) updated before after=${after}, e.g. ${label(first)} at ${String(first.updatedAt)}`, {
          path: 'response.data',
          expected: `updatedAt >= ${after}`,
          actual: first.updatedAt,
        }),
      );
    }
    if (unfiltered && records.length < limit) {
      const returned = new Set(records.map((r) => r.alias));
      const missing = unfiltered.filter((r) => (instant(r.updatedAt) ?? -Infinity) > bound && !returned.has(r.alias));
      if (missing.length > 0)
        out.push(
          fail('MUST', exchange, `${missing.length} record(s) updated after ${after} are missing, e.g. ${label(missing[0] as Json)}`, {
            path: 'response.data',
            expected: missing.slice(0, 5).map((r) => r.alias),
            actual: `${records.length} records`,
          }),
        );
      // Exactly at `after`: "after" reads as >, production compares >=, so either answer is only a SHOULD question.
      const at = unfiltered.filter((r) => instant(r.updatedAt) === bound && !returned.has(r.alias));
      if (at.length > 0)
        out.push(
          fail(
            'SHOULD',
            exchange,
            `${at.length} record(s) updated exactly at after=${after} are left out, e.g. ${label(at[0] as Json)} (decided: updatedAt >= after)`,
            { path: 'response.data', expected: at.slice(0, 5).map((r) => r.alias), actual: `${records.length} records` },
          ),
        );
    }
    return citeOwnDataAction(out);
  },
);
