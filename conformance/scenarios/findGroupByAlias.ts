import type { Exchange } from '../client/Exchange.ts';
import { itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../step/StepContext.ts';
import { pollUntil } from './pollUntil.ts';

/** Searches a group by its alias (with extra filters); the hit with exactly that alias, if any. */
export async function findGroupByAlias(s: StepContext, alias: string, filters: Record<string, string> = {}): Promise<{ exchange: Exchange; group?: Json }> {
  const exchange = await s.send({ operationId: 'searchGroups', query: { alias, ...filters }, expect: { valid: true } });
  const group = itemsOf(exchange.response?.body).find((g) => g.alias === alias);
  return { exchange, ...(group ? { group } : {}) };
}

/**
 * Searches by alias until `done` holds for what is found, within the read-back bound: "Response: described
 * only as upload received", so an upload applied asynchronously (a queue, a replica behind) is not a wrong one.
 */
export async function awaitGroupByAlias(
  s: StepContext,
  alias: string,
  done: (group: Json | undefined) => boolean,
): Promise<{ exchange: Exchange; group?: Json }> {
  const polled = await pollUntil(
    () => findGroupByAlias(s, alias),
    (found) => done(found.group),
    s.sleep ? { sleep: s.sleep } : {},
  );
  return polled.value;
}
