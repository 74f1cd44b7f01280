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
  /**
   * Where the filter's reading is open (createdAt): what each reasonable reading selects among the active
   * groups of the complete universe. The answer (its active groups) must be one of them, or all loose matches.
   */
  readings?: { sets: Array<{ reading: string; ids: Set<string> }>; loose?: (group: Json) => boolean };
}

/** A filter narrows the unfiltered list: its results are groups of that list, and the source group is one of them. */
export const filterSubset = defineCheck<SubsetInput>(
  'filter-subset',
  'A filtered list is a subset of the unfiltered one and contains the group the value came from.',
  { MUST: stated('It lists, searches and reads groups (classes) of a community.') },
  ({ exchange, filter, items, universe, reference, complete, readings }, fail) => {
    const out: CheckFailure[] = [];
    // Whether an unfiltered list shows deleted groups is open (decided, not stated): a deleted group it left out
    // is not foreign for that (its community is still judged by community-scope).
    const foreign = items.filter((item) => typeof item._id !== 'string' || (!universe.has(item._id) && item.active !== false));
    if (foreign.length > 0) {
      out.push(
        fail(
          'MUST',
          exchange,
          `${foreign.length} group(s) returned for ${filter} are not in the unfiltered list: ${foreign.slice(0, 3).map(label).join(', ')}`,
          { expected: 'groups of the unfiltered list', actual: foreign.slice(0, 3).map((g) => g._id) },
        ),
      );
    }
    if (reference && complete && !items.some((item) => item._id === reference._id)) {
      out.push(
        fail('MUST', exchange, `group ${label(reference)} has ${filter} but is not returned`, {
          expected: reference._id,
          actual: items.slice(0, 5).map((g) => g._id),
        }),
      );
    }
    if (readings && complete) {
      // Deleted groups are left out on both sides: whether a filter shows them is another question.
      const answered = new Set(items.filter((g) => g.active !== false && typeof g._id === 'string' && universe.has(g._id)).map((g) => g._id as string));
      const looseOk = readings.loose !== undefined && items.filter((g) => answered.has(g._id as string)).every(readings.loose);
      const activeOnly = (ids: Set<string>): Set<string> => new Set([...ids].filter((id) => universe.get(id)?.active !== false));
      const sets = readings.sets.map((r) => ({ reading: r.reading, ids: activeOnly(r.ids) }));
      const same = (a: Set<string>, b: Set<string>): boolean => a.size === b.size && [...a].every((id) => b.has(id));
      if (!looseOk && sets.length > 0 && !sets.some((r) => same(r.ids, answered))) {
        const diff = (r: { ids: Set<string> }): { missing: string[]; extra: string[] } => ({
          missing: [...r.ids].filter((id) => !answered.has(id)),
          extra: [...answered].filter((id) => !r.ids.has(id)),
        });
        const nearest = sets.map((r) => ({ r, d: diff(r) })).sort((a, b) => a.d.missing.length + a.d.extra.length - (b.d.missing.length + b.d.extra.length))[0];
        const show = (ids: string[]): string =>
          ids
            .slice(0, 3)
            .map((id) => {
              const g = universe.get(id);
              return g ? `${label(g)} (createdAt ${String(g.createdAt)})` : id;
            })
            .join(', ');
        const gap = nearest
          ? [nearest.d.missing.length > 0 ? `lacks ${show(nearest.d.missing)}` : '', nearest.d.extra.length > 0 ? `holds ${show(nearest.d.extra)}` : '']
              .filter(Boolean)
              .join(' and ')
          : '';
        out.push(
          fail(
            'MUST',
            exchange,
            `no reading of ${filter} gives this answer (${answered.size} active groups): the nearest, ${nearest?.r.reading ?? '?'}, ${gap}`,
            { expected: nearest ? [...nearest.r.ids].slice(0, 10) : [], actual: [...answered].slice(0, 10) },
          ),
        );
      }
    }
    return out;
  },
);
