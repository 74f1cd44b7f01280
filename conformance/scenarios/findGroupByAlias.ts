import type { Exchange } from '../client/Exchange.ts';
import { itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../run/StepContext.ts';

/** Searches a group by its alias (with extra filters); the hit with exactly that alias, if any. */
export async function findGroupByAlias(s: StepContext, alias: string, filters: Record<string, string> = {}): Promise<{ exchange: Exchange; group?: Json }> {
  const exchange = await s.send({ operationId: 'searchGroups', query: { alias, ...filters }, expect: { valid: true } });
  const group = itemsOf(exchange.response?.body).find((g) => g.alias === alias);
  return { exchange, ...(group ? { group } : {}) };
}
