import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck } from './Check.ts';
import { instant, label, type Json } from './values.ts';

/** Ways a server may reasonably compare strings: code points, locale collation, or case- and accent-folded. */
const STRING_ORDERS: Array<(a: string, b: string) => number> = [
  (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  (a, b) => a.localeCompare(b, 'pt-BR'),
  (a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base', numeric: true }),
  (a, b) => a.localeCompare(b, undefined, { numeric: true }),
];

function compare(key: string, a: Json, b: Json, order: (x: string, y: string) => number): number | undefined {
  const x = a[key];
  const y = b[key];
  if (key === 'createdAt' || key === 'updatedAt') {
    const tx = instant(x);
    const ty = instant(y);
    return tx === undefined || ty === undefined ? undefined : tx - ty;
  }
  return typeof x === 'string' && typeof y === 'string' ? order(x, y) : undefined;
}

/** The first pair out of order under `order`, or -1. */
function firstBreak(items: Json[], key: string, descending: boolean, order: (x: string, y: string) => number): number {
  for (let i = 1; i < items.length; i++) {
    const c = compare(key, items[i - 1] as Json, items[i] as Json, order);
    if (c !== undefined && (descending ? c < 0 : c > 0)) return i;
  }
  return -1;
}

/**
 * `sort` is documented only as "sorting": which keys it takes and what they do is our decision, so an
 * answer out of the order a key names is a SHOULD (a 5xx or an undocumented status is MUST elsewhere).
 */
export const sortOrder = defineCheck<{ exchange: Exchange; sort: string; items: Json[] }>(
  'sort-order',
  'sort=key (or -key) returns the groups in that order.',
  { SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, sort, items }, fail) => {
    const descending = sort.startsWith('-');
    const key = sort.replace(/^-/, '').split(',')[0] as string;
    const breaks = STRING_ORDERS.map((order) => firstBreak(items, key, descending, order));
    if (breaks.some((b) => b === -1)) return [];
    const at = Math.max(...breaks);
    const prev = items[at - 1] as Json;
    const item = items[at] as Json;
    return [
      fail('SHOULD', exchange, `sort=${sort}: ${label(item)} (${JSON.stringify(item[key])}) comes after ${label(prev)} (${JSON.stringify(prev[key])})`, {
        path: `response[${at}].${key}`,
        expected: `${descending ? 'descending' : 'ascending'} ${key}`,
        actual: item[key],
      }),
    ];
  },
);
