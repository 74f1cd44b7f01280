import type { Exchange } from '../client/Exchange.ts';
import { stated, defineCheck, type CheckFailure } from './Check.ts';
import { label, type Json } from './values.ts';

export interface SubsetInput {
  exchange: Exchange;
  filter: string;
  items: Json[];
  /** Every group of the community by _id, from the unfiltered list (and reads by id). */
  universe: Map<string, Json>;
  /** The group the filter value was taken from: it must be among the results. */
  reference?: Json;
  /** False when the answer was cut by paging, so an absent reference proves nothing. */
  complete: boolean;
}

/** A filter narrows the unfiltered list: its results are groups of that list, and the source group is one of them. */
export const filterSubset = defineCheck<SubsetInput>('filter-subset', 'A filtered list is a subset of the unfiltered one and contains the group the value came from.', { MUST: stated('It lists, searches and reads groups (classes) of a community.') }, ({ exchange, filter, items, universe, reference, complete }, fail) => {
  const out: CheckFailure[] = [];
  const foreign = items.filter((item) => typeof item._id !== 'string' || !universe.has(item._id));
  if (foreign.length > 0) {
    out.push(fail('MUST', exchange, `${foreign.length} group(s) returned for ${filter} are not in the unfiltered list: ${foreign.slice(0, 3).map(label).join(', ')}`, { expected: 'groups of the unfiltered list', actual: foreign.slice(0, 3).map((g) => g._id) }));
  }
  if (reference && complete && !items.some((item) => item._id === reference._id)) {
    out.push(fail('MUST', exchange, `group ${label(reference)} has ${filter} but is not returned`, { expected: reference._id, actual: items.slice(0, 5).map((g) => g._id) }));
  }
  return out;
});
