import type { Exchange } from '../client/Exchange.ts';
import { stated, defineCheck, type CheckFailure } from './Check.ts';
import type { Json } from './values.ts';

/** "Deleting a group sets it to false" and lists filter by active (stated): an upload with active: false deactivates. */
/**
 * Each failure carries the request that shows it: the plain search for "not found" and a wrong `active`, the
 * active=false search for "not listed", the active=true search for "still listed" (their reproducers then
 * give the failing answer).
 */
export const syncDeactivate = defineCheck<{
  exchange: Exchange;
  alias: string;
  group?: Json;
  inInactiveList: boolean;
  inActiveList: boolean;
  inactiveExchange?: Exchange;
  activeExchange?: Exchange;
}>(
  'sync-deactivate',
  'An upload with active: false deactivates the group (kept, listed with active=false).',
  { MUST: stated('true = active; false = deleted (deleting a group sets it to false)') },
  ({ exchange, alias, group, inInactiveList, inActiveList, inactiveExchange = exchange, activeExchange = exchange }, fail) => {
    const out: CheckFailure[] = [];
    if (!group)
      out.push(
        fail('MUST', exchange, `the deactivated group "${alias}" is no longer found (deactivating must not delete it)`, {
          expected: 'found, active false',
          actual: 'not found',
        }),
      );
    else if (group.active !== false)
      out.push(
        fail('MUST', exchange, `the group "${alias}" uploaded with active: false has active ${JSON.stringify(group.active)}`, {
          path: 'response.active',
          expected: false,
          actual: group.active,
        }),
      );
    if (!inInactiveList)
      out.push(fail('MUST', inactiveExchange, `the group "${alias}" is not listed with active=false`, { expected: 'listed', actual: 'absent' }));
    if (inActiveList) out.push(fail('MUST', activeExchange, `the group "${alias}" is still listed with active=true`, { expected: 'absent', actual: 'listed' }));
    return out;
  },
);
