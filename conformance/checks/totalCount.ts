import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck } from './Check.ts';

/**
 * `X-Total-Count` (our decision, so SHOULD), when a server sends it, counts every group the list matches
 * across all pages: the number of groups the suite collected by paging through the same list.
 */
export const totalCount = defineCheck<{ exchange: Exchange; collected: number }>(
  'total-count',
  'X-Total-Count, when sent, equals the number of groups the list holds across all pages.',
  { SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, collected }, fail) => {
    const header = Object.entries(exchange.response?.headers ?? {}).find(([name]) => name.toLowerCase() === 'x-total-count')?.[1];
    if (header === undefined) return [];
    return Number(header) === collected
      ? []
      : [
          fail('SHOULD', exchange, `X-Total-Count is ${header} but paging through the list gave ${collected} groups`, {
            path: 'header X-Total-Count',
            expected: collected,
            actual: header,
          }),
        ];
  },
);
