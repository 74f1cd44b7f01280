import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck, type Severity } from './Check.ts';
import { requestSentence } from './requestSentences.ts';
import { label, type Json } from './values.ts';

export interface FilterInput {
  exchange: Exchange;
  /** "name=7º Ano A", as sent. */
  filter: string;
  items: Json[];
  matches: (item: Json) => boolean;
  /** MUST for a stated filter; SHOULD where its matching rule is our decision (createdAt). */
  severity: Severity;
  /** What the matching key holds, for the message. */
  show: (item: Json) => unknown;
}

/** Every item a filtered request returns satisfies the filter. */
export const filterMatches = defineCheck<FilterInput>(
  'filter-matches',
  'A filtered list returns only items that match the filter.',
  {
    MUST: stated(
      'Query parameters, all optional strings except where noted: `createdAt`, `active` (boolean), `name`, `admins.user`, `season`, `alias` (group identifier), `q` (search text: a group name or identifier).',
    ),
    SHOULD: decided('Groups: filters, paging and sort'),
  },
  ({ exchange, filter, items, matches, severity, show }, fail) => {
    // One failure per cause: how many items break the filter, and the first of them (the report shows it).
    const wrong = items.map((item, index) => ({ item, index })).filter(({ item }) => !matches(item));
    const first = wrong[0];
    if (!first) return [];
    const count = wrong.length === 1 ? 'item' : `${wrong.length} of ${items.length} items, e.g. item`;
    return [
      fail(severity, exchange, `${count} ${first.index} (${label(first.item)}) does not match ${filter}`, {
        path: `response[${first.index}]`,
        expected: filter,
        actual: show(first.item),
        // The statement of this parameter on this operation: the list's table row, or the search's sentence.
        ...(severity === 'MUST' ? { source: requestSentence(exchange.operationId, filter.split('=')[0]) } : {}),
      }),
    ];
  },
);
