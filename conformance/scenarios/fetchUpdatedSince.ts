import type { Exchange } from '../client/Exchange.ts';
import { instant, itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../step/StepContext.ts';
import { dataActionRequest, type DataAction } from './dataActionRequest.ts';

const MAX_CALLS = 20;

/**
 * Calls a data action from `after` on, resuming from the last record's updatedAt while answers come back
 * full, until every alias in `wanted` is seen: the way a client reads a long change feed.
 */
export async function fetchUpdatedSince(
  s: StepContext,
  action: DataAction,
  after: string,
  wanted: string[],
  limit: number,
  extra: Record<string, unknown> = {},
): Promise<Array<{ exchange: Exchange; after: string; records: Json[] }>> {
  const calls: Array<{ exchange: Exchange; after: string; records: Json[] }> = [];
  const missing = new Set(wanted);
  let from = after;
  for (let call = 0; call < MAX_CALLS && missing.size > 0; call++) {
    const exchange = await s.send({
      operationId: action.operationId,
      json: dataActionRequest(s, action, { ...extra, after: from, limit }),
      expect: { valid: true },
    });
    const records = itemsOf(exchange.response?.body);
    calls.push({ exchange, after: from, records });
    for (const record of records) missing.delete(String(record.alias));
    const last = records.at(-1)?.updatedAt;
    if (exchange.response?.status !== 200 || records.length < limit || typeof last !== 'string' || instant(last) === instant(from)) break;
    from = last;
  }
  return calls;
}
