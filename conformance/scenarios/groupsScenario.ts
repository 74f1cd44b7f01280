import { communityScope } from '../checks/communityScope.ts';
import { crossCommunity } from '../checks/crossCommunity.ts';
import type { Exchange } from '../client/Exchange.ts';
import { defaultOrder } from '../checks/defaultOrder.ts';
import { filterMatches } from '../checks/filterMatches.ts';
import { filterSubset } from '../checks/filterSubset.ts';
import { getMatchesList } from '../checks/getMatchesList.ts';
import { limitHonoured } from '../checks/limitHonoured.ts';
import { pageHonoured } from '../checks/pageHonoured.ts';
import { pagesDisjoint } from '../checks/pagesDisjoint.ts';
import { foldText, searchNarrows } from '../checks/searchNarrows.ts';
import { searchTotal } from '../checks/searchTotal.ts';
import { sortOrder } from '../checks/sortOrder.ts';
import { totalCount } from '../checks/totalCount.ts';
import { isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../step/StepContext.ts';
import { matchingOffsets } from './createdAtReadings.ts';
import { GROUP_FILTERS, type GroupFilter } from './groupFilters.ts';
import { collectGroups, learnPaging, type Paging } from './learnPaging.ts';
import type { Scenario } from './Scenario.ts';
import { searchFor } from './searchGroupsFor.ts';
import { sortValues } from './sortValues.ts';

/** At most this many groups of a filtered answer, absent from the unfiltered pages read, are read by id. */
const MAX_READS = 5;

/** List, filter, sort, page, search and read the community's groups; every expectation comes from the server's own answers. */
export const groupsScenario: Scenario = {
  area: 'groups',
  title: 'Groups: list, filters, sort, paging, search, read by id',
  missing: (s) => (!s.config.token ? 'no bearer token (--token or CONFORM_TOKEN)' : !s.config.community ? 'no community (--community)' : undefined),
  async run(step, base) {
    const community = base.config.community as string;
    let paging: Paging | undefined;
    let universe = new Map<string, Json>();
    let complete = false;
    let ordered: Json[] = [];
    let scope = { community, header: community };
    let everything: number | undefined;
    /** Groups the active=false filter answered: deleted, yet each "remains a document" to read by id. */
    const deleted: Json[] = [];
    /** The exchanges of the unfiltered list, kept to look for another community's group in them. */
    let listExchanges: Exchange[] = [];
    const needPaging = (s: StepContext): Paging => paging ?? s.skip('the group list could not be read');
    const requireGroups = (s: StepContext): Paging => {
      const p = needPaging(s);
      if (ordered.length === 0) return s.skip('the community has no group to take values from');
      return p;
    };

    await step('list groups (paging conventions, default order, community)', async (s) => {
      paging = await learnPaging(s);
      const collected = await collectGroups(s, paging, 'listGroups', {});
      ordered = collected.items.length > 0 ? collected.items : itemsOf(paging.plain.response?.body);
      complete = collected.complete;
      listExchanges = [paging.plain, ...collected.exchanges];
      universe = new Map(ordered.filter((g) => typeof g._id === 'string').map((g) => [g._id as string, g]));
      scope = { community: communityValue(ordered, community), header: community };
      s.check(defaultOrder, { exchange: paging.plain, items: itemsOf(paging.plain.response?.body) });
      for (const exchange of [paging.plain, ...collected.exchanges]) s.check(communityScope, { exchange, ...scope, items: itemsOf(exchange.response?.body) });
      if (collected.exchanges[0]) s.check(defaultOrder, { exchange: collected.exchanges[0], items: itemsOf(collected.exchanges[0].response?.body) });
      if (complete) for (const exchange of [...paging.exchanges, ...collected.exchanges]) s.check(totalCount, { exchange, collected: collected.items.length });
    });

    for (const filter of GROUP_FILTERS) {
      await step(`filter by ${filter.param}`, async (s) => {
        const p = requireGroups(s);
        /** The offsets (minutes) at which every day answered so far reads: one implementation, one zone. */
        const offsets = new Set<number>();
        const values = referenceValues(s, filter, ordered);
        if (values.length === 0) return s.skip(`no listed group has a ${filter.param} to filter by`);
        for (const { value, reference } of values) {
          const found = await checkFilter(s, p, filter, value, reference, universe, scope, complete, offsets);
          if (filter.param === 'active' && value === 'false') deleted.push(...found.filter((g) => g.active === false));
        }
      });
    }

    await step('sort by every key, both ways', async (s) => {
      const p = needPaging(s);
      // Every value the spec lists for sort is sent once: a 5xx or an undocumented status is a MUST; a
      // refusal or another order only a SHOULD (sort is not described).
      for (const sort of sortValues(s.contract)) {
        const exchange = await s.send({
          operationId: 'listGroups',
          query: { sort, ...(p.limit ? { limit: Math.min(p.limit, 100) } : {}) },
          expect: { valid: true, severity: 'SHOULD' },
        });
        if (exchange.response?.status !== 200) continue;
        const items = itemsOf(exchange.response.body);
        s.check(sortOrder, { exchange, sort, items });
        s.check(communityScope, { exchange, ...scope, items });
      }
    });

    await step('page through the list (limit, page)', async (s) => {
      const p = needPaging(s);
      if (ordered.length < 2) return s.skip('fewer than 2 groups: nothing to page');
      const limit = ordered.length >= 4 ? 2 : 1;
      const pages: string[][] = [];
      const exchanges = [];
      for (const n of [0, 1]) {
        const page = p.firstPage + n;
        const exchange = await s.send({ operationId: 'listGroups', query: { limit, page }, expect: { valid: true, severity: 'SHOULD' } });
        exchanges.push(exchange);
        const items = itemsOf(exchange.response?.body);
        pages.push(items.map((g) => String(g._id)));
        s.check(limitHonoured, { exchange, limit, count: items.length });
        const expected = ordered.slice(n * limit, (n + 1) * limit).map((g) => String(g._id));
        s.check(pageHonoured, { exchange, page, limit, expected, actual: items.slice(0, limit).map((g) => String(g._id)) });
      }
      s.check(pagesDisjoint, { exchange: exchanges[1] as (typeof exchanges)[number], first: pages[0] ?? [], second: pages[1] ?? [] });
      // The smallest page: limit=1 is the first group alone (an implementation that answers it empty breaks paging).
      if (limit !== 1) {
        const one = await s.send({ operationId: 'listGroups', query: { limit: 1, page: p.firstPage }, expect: { valid: true, severity: 'SHOULD' } });
        if (one.response?.status === 200) {
          const items = itemsOf(one.response.body);
          s.check(limitHonoured, { exchange: one, limit: 1, count: items.length });
          s.check(pageHonoured, {
            exchange: one,
            page: p.firstPage,
            limit: 1,
            expected: ordered.slice(0, 1).map((g) => String(g._id)),
            actual: items.slice(0, 1).map((g) => String(g._id)),
          });
        }
      }
      // A page past the end is empty: an implementation that repeats its last page (or clamps page) answers groups.
      if (complete) {
        const page = p.firstPage + Math.ceil(ordered.length / limit) + 3;
        const past = await s.send({ operationId: 'listGroups', query: { limit, page }, expect: { valid: true, severity: 'SHOULD' } });
        if (past.response?.status === 200)
          s.check(pageHonoured, { exchange: past, page, limit, expected: [], actual: itemsOf(past.response.body).map((g) => String(g._id)) });
      }
    });

    await step('search with filters', async (s) => {
      requireGroups(s);
      const all = await s.send({ operationId: 'searchGroups', expect: { valid: true } });
      const body = all.response?.body;
      const hits = itemsOf(body);
      everything = isRecord(body) && typeof body.total === 'number' ? body.total : hits.length;
      s.check(communityScope, { exchange: all, ...scope, items: hits });
      // `total` counts the matches, not the page: the same search cut to two hits a page keeps its total.
      if (everything >= 3) {
        const paged = await s.send({
          operationId: 'searchGroups',
          query: { limit: 2, page: needPaging(s).firstPage },
          expect: { valid: true, severity: 'SHOULD' },
        });
        const pagedBody = paged.response?.body;
        if (paged.response?.status === 200 && isRecord(pagedBody))
          s.check(searchTotal, { exchange: paged, total: pagedBody.total, hits: itemsOf(pagedBody).length, collected: everything });
      }
      s.check(filterSubset, {
        exchange: all,
        filter: 'no filter',
        items: hits.filter((g) => complete || universe.has(String(g._id))),
        universe,
        complete: true,
      });
      for (const filter of GROUP_FILTERS) {
        // The list step tries every chosen value; search repeats the two most discriminating (bounded work).
        for (const { value, reference } of referenceValues(s, filter, ordered).slice(0, 2)) {
          const alias = typeof reference?.alias === 'string' ? reference.alias : undefined;
          const query = { [filter.param]: value, alias };
          const how = `${alias ? `alias=${alias}&` : ''}${filter.param}=${value}`;
          const found =
            reference && alias
              ? (await searchFor(s, needPaging(s), how, query, reference, scope)).items
              : itemsOf((await s.send({ operationId: 'searchGroups', query, expect: { valid: true } })).response?.body);
          const exchange = s.client.exchanges.at(-1);
          if (exchange) judgeMatches(s, exchange, filter, value, found);
        }
      }
    });

    await step('search by alias and by name', async (s) => {
      const p = requireGroups(s);
      const candidates = ordered.filter((g) => typeof g.alias === 'string');
      if (candidates.length === 0) return s.skip('no listed group has an alias');
      const reference = s.rng.pick(candidates);
      const alias = reference.alias as string;
      const byAlias = await searchFor(s, p, `alias=${alias}`, { alias }, reference, scope);
      const first = byAlias.exchanges[0];
      if (first)
        s.check(filterMatches, {
          exchange: first,
          filter: `alias=${alias}`,
          items: byAlias.items,
          matches: (g) => g.alias === alias,
          show: (g) => g.alias,
          severity: 'MUST',
        });
      const byQ = await searchFor(s, p, `q=${alias} (its alias)`, { q: alias }, reference, scope);
      const q0 = byQ.exchanges[0];
      if (q0?.response?.status === 200 && everything !== undefined) {
        const unrelated = ordered.find((g) => cannotMatch(g, alias));
        const qBody = q0.response.body;
        const count = isRecord(qBody) && typeof qBody.total === 'number' ? qBody.total : itemsOf(qBody).length;
        s.check(searchNarrows, { exchange: q0, q: alias, hits: itemsOf(qBody), count, everything, ...(unrelated ? { unrelated } : {}) });
      }
      if (typeof reference.name === 'string') await searchFor(s, p, `q=${reference.name} (its name)`, { q: reference.name }, reference, scope);
    });

    await step('read groups by id', async (s) => {
      requireGroups(s);
      const picks = [...new Set([0, ordered.length - 1, s.rng.int(0, ordered.length - 1)])].map((i) => ordered[i] as Json);
      // "Deleting a group sets it to false … the group remains a document": a deleted group is read by id too.
      for (const listed of [...picks, ...deleted.slice(0, 2)]) {
        if (typeof listed._id !== 'string') continue;
        const exchange = await s.send({ operationId: 'getGroup', path: { groupId: listed._id }, expect: { valid: true } });
        const read = exchange.response?.body;
        if (!isRecord(read)) continue;
        s.check(getMatchesList, { exchange, listed, read });
        s.check(communityScope, { exchange, ...scope, items: [read] });
      }
    });

    await step('never answer a group of another community (otherCommunity)', async (s) => {
      const other = s.config.otherCommunity;
      if (!other) return s.skip('no otherCommunity in the config (--other-community and --other-group-id)');
      const { groupId } = other;
      const judge = (exchange: Exchange, how: string): void => void s.check(crossCommunity, { exchange, probe: 'group', groupId, how });
      judge(await s.send({ operationId: 'getGroup', path: { groupId }, expect: { probe: true } }), 'a read by id under this community');
      for (const exchange of listExchanges) judge(exchange, 'the unfiltered list of this community');
      judge(await s.send({ operationId: 'searchGroups', expect: { valid: true } }), 'a search of this community without filters');
      judge(await s.send({ operationId: 'searchGroups', query: { q: groupId }, expect: { valid: true } }), 'a search of this community for its id');
      // The token is for this community only: it opens none of the other's groups.
      for (const target of [{ operationId: 'listGroups' }, { operationId: 'getGroup', path: { groupId } }] as const) {
        const exchange = await s.send({ ...target, community: other.community, expect: { probe: true } });
        s.check(crossCommunity, { exchange, probe: 'token', otherCommunity: other.community });
      }
    });

    await step('refuse invalid parameters', async (s) => {
      const cases: Array<{ operationId: 'listGroups' | 'searchGroups'; query: Record<string, string>; violation: string; param: string }> = [
        { operationId: 'listGroups', query: { active: 'maybe' }, violation: 'query.active=maybe is not a boolean', param: 'active' },
        { operationId: 'searchGroups', query: { active: 'maybe' }, violation: 'query.active=maybe is not a boolean', param: 'active' },
        { operationId: 'listGroups', query: { limit: 'abc' }, violation: 'query.limit=abc is not an integer', param: 'limit' },
        // Below any first page (0 or 1): refusing it is our decision only, as is every paging rule.
        { operationId: 'listGroups', query: { page: '-1' }, violation: 'query.page=-1 is below the first page', param: 'page' },
        { operationId: 'listGroups', query: { sort: 'shoeSize' }, violation: 'query.sort=shoeSize is not a sort key', param: 'sort' },
      ];
      for (const c of cases)
        await s.send({ operationId: c.operationId, query: c.query, expect: { invalid: c.violation, rule: s.paramRule(c.operationId, c.param) } });
      let unknown = s.rng.hex(24);
      while (universe.has(unknown)) unknown = s.rng.hex(24);
      await s.send({
        operationId: 'getGroup',
        path: { groupId: unknown },
        expect: { invalid: `no group has _id ${unknown}`, rule: '#/components/responses/NotFound' },
      });
    });
  },
};

/**
 * A group no reading of `q` can match: neither its name nor its alias contains q (case, accents and
 * punctuation folded), and it does not hold every word of q either.
 */
function cannotMatch(group: Json, q: string): boolean {
  const words = (v: unknown): string[] =>
    String(v ?? '')
      .split(/[^\p{L}\p{N}]+/u)
      .map(foldText)
      .filter(Boolean);
  const folded = foldText(q);
  const mine = new Set([...words(group.name), ...words(group.alias)]);
  return !foldText(group.name).includes(folded) && !foldText(group.alias).includes(folded) && !words(q).every((w) => mine.has(w));
}

/** filter-matches on an answer: at the filter's severity, or, where the comparison is open, loosely (MUST) and exactly (SHOULD). */
export function judgeMatches(s: StepContext, exchange: Exchange, filter: GroupFilter, value: string, items: Json[]): void {
  const label = `${filter.param}=${value}`;
  const { loosely } = filter;
  if (!loosely)
    return void s.check(filterMatches, {
      exchange,
      filter: label,
      items,
      matches: (g) => filter.matches(g, value),
      show: filter.show,
      severity: filter.severity,
    });
  const failures = s.check(filterMatches, { exchange, filter: label, items, matches: (g) => loosely(g, value), show: filter.show, severity: filter.severity });
  if (failures.length === 0)
    s.check(filterMatches, { exchange, filter: `${label} (exactly)`, items, matches: (g) => filter.matches(g, value), show: filter.show, severity: 'SHOULD' });
}

/** Lists with one filter value and judges the answer; returns the groups it answered. */
async function checkFilter(
  s: StepContext,
  paging: Paging,
  filter: GroupFilter,
  value: string,
  reference: Json | undefined,
  universe: Map<string, Json>,
  scope: { community: string; header: string },
  universeComplete: boolean,
  offsets: Set<number>,
): Promise<Json[]> {
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
  const all = universeComplete ? filter.readings?.(value, [...universe.values()]) : undefined;
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
function referenceValues(s: StepContext, filter: GroupFilter, groups: Json[]): Array<{ value: string; reference?: Json }> {
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

/** The value groups carry in `community`: the header's when any group shows it, else the most common one. */
function communityValue(groups: Json[], header: string): string {
  const counts = new Map<string, number>();
  for (const g of groups) if (typeof g.community === 'string') counts.set(g.community, (counts.get(g.community) ?? 0) + 1);
  if (counts.size === 0 || counts.has(header)) return header;
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? header;
}
