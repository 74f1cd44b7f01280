import type { Exchange } from '../client/Exchange.ts';
import { stated, defineCheck, type CheckFailure } from './Check.ts';
import { deepEqual, label, type Json } from './values.ts';

/** A group read by id equals its list entry in every key both show (an absent optional key is no failure). */
export const getMatchesList = defineCheck<{ exchange: Exchange; listed: Json; read: Json }>(
  'get-matches-list',
  'A group read by id equals its list entry.',
  { MUST: stated('Response: one Group object.') },
  ({ exchange, listed, read }, fail) => {
    const out: CheckFailure[] = [];
    for (const key of Object.keys(listed)) {
      if (!(key in read) || deepEqual(listed[key], read[key])) continue;
      out.push(
        fail('MUST', exchange, `group ${label(listed)}: ${key} differs from its list entry`, {
          path: `response.${key}`,
          expected: listed[key],
          actual: read[key],
        }),
      );
    }
    return out;
  },
);
