import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck } from './Check.ts';
import { instant, label, type Json } from './values.ts';

/** Records come oldest first, so a client can resume from the last updatedAt (our decision: SHOULD). */
export const dataActionOrder = defineCheck<{ exchange: Exchange; records: Json[] }>(
  'data-action-order',
  'Data-action records come oldest first.',
  { SHOULD: decided('Data actions') },
  ({ exchange, records }, fail) => {
    for (let i = 1; i < records.length; i++) {
      const a = instant(records[i - 1]?.updatedAt);
      const b = instant(records[i]?.updatedAt);
      if (a !== undefined && b !== undefined && b < a) {
        return [
          fail('SHOULD', exchange, `record ${i} (${label(records[i] as Json)}) is older than the one before it`, {
            path: `response.data[${i}].updatedAt`,
            expected: `>= ${String(records[i - 1]?.updatedAt)}`,
            actual: records[i]?.updatedAt,
          }),
        ];
      }
    }
    return [];
  },
);
