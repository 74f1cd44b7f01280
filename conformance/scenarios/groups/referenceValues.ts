import { foldText } from '../../checks/searchNarrows.ts';
import type { Json } from '../../checks/values.ts';
import type { StepContext } from '../../step/StepContext.ts';
import type { GroupFilter } from '../groupFilters.ts';

/** At most this many values per filter: the discriminating ones (the same for every seed), then one the seed picks. */
const VALUES_PER_FILTER = 3;
/** Bounds of the search for discriminating values. */
const MAX_SCORED = 200;
const MAX_SCORED_GROUPS = 1000;

/**
 * The values to filter by, each with a listed group that carries it. One sampled value rarely tells a wrong
 * filter from a right one, so the values come first that a plausible wrong implementation answers differently:
 * values that are a prefix or substring of other groups' values (matching by prefix, substring or case), then
 * values that leave groups out (a filter ignored: an administrator of some groups only, a season with groups
 * in others), then the group created nearest midnight (a day read in another zone). For active, both values.
 */
export function referenceValues(s: StepContext, filter: GroupFilter, groups: Json[]): Array<{ value: string; reference?: Json }> {
  if (filter.choose) return filter.choose(groups);
  const candidates = groups.filter((g) => filter.valuesOf(g).length > 0);
  if (filter.param === 'active') {
    // Both values, even when no listed group has one of them: the answer must then hold only matching groups.
    return ['true', 'false'].map((value) => {
      const matching = candidates.filter((g) => filter.valuesOf(g).includes(value));
      return matching.length > 0 ? { value, reference: s.rng.pick(matching) } : { value };
    });
  }
  // Bounded work on a large community: the first MAX_SCORED distinct values in list order, each weighed against
  // at most MAX_SCORED_GROUPS groups (folded once).
  const byValue = new Map<string, Json>();
  for (const g of candidates) {
    for (const v of filter.valuesOf(g)) if (!byValue.has(v) && byValue.size < MAX_SCORED) byValue.set(v, g);
    if (byValue.size >= MAX_SCORED) break;
  }
  const weighed = groups.slice(0, MAX_SCORED_GROUPS).map((g) => ({ g, raw: filter.valuesOf(g), folded: filter.valuesOf(g).map(foldText) }));
  const scored = [...byValue].map(([value, reference]) => {
    const folded = foldText(value);
    // Lookalikes no reading may match (a collation still tells `Turma A1` from `Turma A`): what a prefix or
    // substring match answers and a right one does not.
    const excluded = weighed.filter(({ g }) => !(filter.loosely ?? filter.matches)(g, value));
    // Contained as written counts twice: a case-sensitive prefix or substring match shows only on those.
    const lookalikes =
      excluded.filter(({ folded: others }) => others.some((other) => other.includes(folded))).length +
      excluded.filter(({ raw }) => raw.some((other) => other.includes(value))).length;
    return { value, reference, lookalikes, excludes: excluded.length > 0 ? 1 : 0, midnight: midnightDistance(reference) };
  });
  scored.sort(
    (a, b) => b.lookalikes - a.lookalikes || b.excludes - a.excludes || a.midnight - b.midnight || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  );
  // One value per folded spelling among the fixed ones: `Turma A` and `turma a` tell the same wrong matches apart.
  const chosen: typeof scored = [];
  for (const candidate of scored) {
    if (chosen.length >= VALUES_PER_FILTER - 1) break;
    if (!chosen.some((c) => foldText(c.value) === foldText(candidate.value))) chosen.push(candidate);
  }
  const rest = scored.filter((c) => !chosen.includes(c));
  if (rest.length > 0) chosen.push(s.rng.pick(rest));
  return chosen.map(({ value, reference }) => ((filter.holdsReference?.(reference, value) ?? true) ? { value, reference } : { value }));
}

/** How far a group's creation is from a UTC midnight, in ms (0 for a group without createdAt: not a date filter). */
function midnightDistance(group: Json): number {
  const at = typeof group.createdAt === 'string' ? Date.parse(group.createdAt) : NaN;
  if (Number.isNaN(at)) return 0;
  const ms = at % 86_400_000;
  return Math.min(ms, 86_400_000 - ms);
}
