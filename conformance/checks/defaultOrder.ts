import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck } from './Check.ts';
import { instant, label, type Json } from './values.ts';

/**
 * "ordered by creation date" is stated (MUST: monotonic in createdAt); the direction, oldest first, is our
 * decision (SHOULD).
 */
export const defaultOrder = defineCheck<{ exchange: Exchange; items: Json[] }>(
  'default-order',
  'The group list is ordered by creation date, oldest first.',
  { MUST: stated('Response: array of Group objects, ordered by creation date.'), SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, items }, fail) => {
    const times = items.map((item) => instant(item.createdAt));
    const pairs = times
      .slice(1)
      .map((t, i) => [times[i], t] as const)
      .filter((p): p is readonly [number, number] => p[0] !== undefined && p[1] !== undefined);
    const up = pairs.findIndex(([a, b]) => b > a);
    const down = pairs.findIndex(([a, b]) => b < a);
    if (down === -1) return [];
    const at = (i: number): string => `response[${i + 1}]`;
    const show = (i: number): string =>
      `${label(items[i] as Json)} ${String(items[i]?.createdAt)} → ${label(items[i + 1] as Json)} ${String(items[i + 1]?.createdAt)}`;
    if (up !== -1)
      return [
        fail('MUST', exchange, `groups are not ordered by createdAt: ${show(up < down ? down : up)}`, {
          path: at(Math.max(up, down)),
          expected: 'createdAt in order',
          actual: show(Math.max(up, down)),
        }),
      ];
    return [fail('SHOULD', exchange, `groups come newest first: ${show(down)}`, { path: at(down), expected: 'oldest first', actual: 'newest first' })];
  },
);
