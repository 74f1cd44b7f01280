import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck, type CheckFailure, type Severity } from './Check.ts';
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
export const filterMatches = defineCheck<FilterInput>('filter-matches', 'A filtered list returns only items that match the filter.', { MUST: stated('list and search endpoints can filter by `active`'), SHOULD: decided('Groups: filters, paging and sort') }, ({ exchange, filter, items, matches, severity, show }, fail) => {
  const out: CheckFailure[] = [];
  items.forEach((item, index) => {
    if (matches(item) || out.length >= 3) return;
    out.push(fail(severity, exchange, `item ${index} (${label(item)}) does not match ${filter}`, { path: `response[${index}]`, expected: filter, actual: show(item) }));
  });
  const wrong = items.filter((item) => !matches(item)).length;
  if (wrong > out.length) out.push(fail(severity, exchange, `${wrong - out.length} more item(s) do not match ${filter}`, { expected: filter, actual: `${wrong} of ${items.length} items` }));
  return out;
});
