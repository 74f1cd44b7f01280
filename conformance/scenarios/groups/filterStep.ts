import { communityScope } from '../../checks/communityScope.ts';
import { filterSubset } from '../../checks/filterSubset.ts';
import { isRecord, itemsOf, type Json } from '../../checks/values.ts';
import type { StepContext } from '../../step/StepContext.ts';
import { matchingOffsets } from '../createdAtReadings.ts';
import type { GroupFilter } from '../groupFilters.ts';
import { collectGroups, type Paging } from '../learnPaging.ts';
import { groupStep, type GroupsSeen } from './GroupsFacts.ts';
import { judgeMatches } from './judgeMatches.ts';
import { referenceValues } from './referenceValues.ts';

/** At most this many groups of a filtered answer, absent from the unfiltered pages read, are read by id. */
const MAX_READS = 5;

/** The list filtered by one parameter, with the values that best tell a wrong filter from a right one. */
export function filterStep(filter: GroupFilter) {
  return groupStep({
    title: `filter by ${filter.param}`,
    needs: ['paging', 'groups'],
    provides: ['deleted'],
    async run(s, { paging, groups }, provide) {
      /** The offsets (minutes) at which every day answered so far reads: one implementation, one zone. */
      const offsets = new Set<number>();
      const values = referenceValues(s, filter, groups.ordered);
      if (values.length === 0) return s.skip(`no listed group has a ${filter.param} to filter by`);
      const deleted: Json[] = [];
      if (filter.param === 'active') provide('deleted', deleted);
      for (const { value, reference } of values) {
        const found = await checkFilter(s, paging, filter, value, reference, groups, offsets);
        if (filter.param === 'active' && value === 'false') deleted.push(...found.filter((g) => g.active === false));
      }
    },
  });
}

/** Lists with one filter value and judges the answer; returns the groups it answered. */
async function checkFilter(
  s: StepContext,
  paging: Paging,
  filter: GroupFilter,
  value: string,
  reference: Json | undefined,
  groups: GroupsSeen,
  offsets: Set<number>,
): Promise<Json[]> {
  const { byId: universe, scope } = groups;
  const label = `${filter.param}=${value}`;
  const collected = await collectGroups(s, paging, 'listGroups', { [filter.param]: value }, undefined);
  const exchange = collected.exchanges[0];
  if (!exchange || exchange.response?.status !== 200) return [];
  judgeMatches(s, exchange, filter, value, collected.items);
  for (const e of collected.exchanges) s.check(communityScope, { exchange: e, ...scope, items: itemsOf(e.response?.body) });
  // A group the unfiltered pages did not show may sit beyond them: read a bounded sample by id before
  // calling any foreign; groups neither listed nor read are not judged.
  const unknown = collected.items.filter((g) => typeof g._id === 'string' && !universe.has(g._id));
  const sample = unknown.slice(0, MAX_READS);
  const foreign = new Set<string>();
  for (const item of sample) {
    const read = await s.send({ operationId: 'getGroup', path: { groupId: item._id as string }, expect: { probe: true } });
    if (read.response?.status === 200 && isRecord(read.response.body)) universe.set(item._id as string, read.response.body);
    else foreign.add(item._id as string);
  }
  const judged = collected.items.filter((g) => typeof g._id !== 'string' || universe.has(g._id) || foreign.has(g._id));
  // The readings are weighed over the unfiltered list read to its end only: a group beyond it proves nothing.
  // An implementation reads every day at one offset: the offsets the earlier days allowed are the only ones left.
  const all = groups.complete ? filter.readings?.(value, [...universe.values()]) : undefined;
  const day = all !== undefined && all.loose === undefined;
  const readings = all && day && offsets.size > 0 ? { ...all, sets: all.sets.filter((r) => offsets.has(r.offset)) } : all;
  s.check(filterSubset, {
    exchange,
    filter: label,
    items: judged,
    universe,
    complete: collected.complete,
    ...(reference ? { reference } : {}),
    ...(readings ? { readings } : {}),
  });
  if (readings && day && collected.complete) {
    const matched = matchingOffsets(readings.sets, new Set(judged.map((g) => String(g._id))), universe);
    offsets.clear();
    for (const z of matched) offsets.add(z);
  }
  return collected.items;
}
