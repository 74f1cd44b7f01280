import { communityScope } from '../checks/communityScope.ts';
import { defaultOrder } from '../checks/defaultOrder.ts';
import { filterMatches } from '../checks/filterMatches.ts';
import { filterSubset } from '../checks/filterSubset.ts';
import { getMatchesList } from '../checks/getMatchesList.ts';
import { limitHonoured } from '../checks/limitHonoured.ts';
import { pageHonoured } from '../checks/pageHonoured.ts';
import { pagesDisjoint } from '../checks/pagesDisjoint.ts';
import { searchFinds } from '../checks/searchFinds.ts';
import { searchTotal } from '../checks/searchTotal.ts';
import { totalCount } from '../checks/totalCount.ts';
import { isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../run/StepContext.ts';
import { GROUP_FILTERS, type GroupFilter } from './groupFilters.ts';
import { listAllGroups, PAGE_SIZE } from './listAllGroups.ts';
import type { Scenario } from './Scenario.ts';

/** List, filter, page, search and read the community's groups; every expectation comes from the server's own answers. */
export const groupsScenario: Scenario = {
  area: 'groups',
  title: 'Groups: list, filters, paging, search, read by id',
  missing: (s) => (!s.config.token ? 'no bearer token (--token or CONFORM_TOKEN)' : !s.config.community ? 'no community (--community)' : undefined),
  async run(step, base) {
    const community = base.config.community as string;
    let universe = new Map<string, Json>();
    let ordered: Json[] = [];
    let scope = community;
    const requireGroups = (s: StepContext): void => {
      if (ordered.length === 0) return s.skip('the community has no group to take values from');
    };

    await step('list groups (default order, community)', async (s) => {
      const plain = await s.send({ operationId: 'listGroups', expect: { valid: true } });
      const collected = await listAllGroups(s, 'listGroups', {});
      ordered = collected.items.length > 0 ? collected.items : itemsOf(plain.response?.body);
      universe = new Map(ordered.filter((g) => typeof g._id === 'string').map((g) => [g._id as string, g]));
      scope = communityValue(ordered, community);
      s.check(defaultOrder, { exchange: plain, items: itemsOf(plain.response?.body) });
      for (const exchange of collected.exchanges) s.check(communityScope, { exchange, community: scope, items: itemsOf(exchange.response?.body) });
      if (collected.exchanges[0]) s.check(defaultOrder, { exchange: collected.exchanges[0], items: itemsOf(collected.exchanges[0].response?.body) });
      if (collected.complete) for (const exchange of [plain, ...collected.exchanges]) s.check(totalCount, { exchange, collected: collected.items.length });
    });

    for (const filter of GROUP_FILTERS) {
      await step(`filter by ${filter.param}`, async (s) => {
        requireGroups(s);
        const values = referenceValues(s, filter, ordered);
        if (values.length === 0) return s.skip(`no listed group has a ${filter.param} to filter by`);
        for (const { value, reference } of values) await checkFilter(s, filter, value, reference, universe);
      });
    }

    await step('page through the list (limit, page)', async (s) => {
      if (ordered.length < 2) return s.skip('fewer than 2 groups: nothing to page');
      const limit = ordered.length >= 4 ? 2 : 1;
      const pages: string[][] = [];
      const exchanges = [];
      for (const page of [1, 2]) {
        const exchange = await s.send({ operationId: 'listGroups', query: { limit, page }, expect: { valid: true, severity: 'SHOULD' } });
        exchanges.push(exchange);
        const items = itemsOf(exchange.response?.body);
        pages.push(items.map((g) => String(g._id)));
        s.check(limitHonoured, { exchange, limit, count: items.length });
        const expected = ordered.slice((page - 1) * limit, page * limit).map((g) => String(g._id));
        s.check(pageHonoured, { exchange, page, limit, expected, actual: items.slice(0, limit).map((g) => String(g._id)) });
      }
      s.check(pagesDisjoint, { exchange: exchanges[1] as (typeof exchanges)[number], first: pages[0] ?? [], second: pages[1] ?? [] });
    });

    await step('search by alias and by name', async (s) => {
      requireGroups(s);
      const candidates = ordered.filter((g) => typeof g.alias === 'string');
      if (candidates.length === 0) return s.skip('no listed group has an alias');
      const reference = s.rng.pick(candidates);
      const searches: Array<[string, Record<string, string>]> = [
        [`alias=${reference.alias}`, { alias: reference.alias as string }],
        [`q=${reference.alias} (its alias)`, { q: reference.alias as string }],
      ];
      if (typeof reference.name === 'string') searches.push([`q=${reference.name} (its name)`, { q: reference.name }]);
      for (const [how, query] of searches) {
        const exchange = await s.send({ operationId: 'searchGroups', query: { ...query, limit: PAGE_SIZE }, expect: { valid: true } });
        const body = exchange.response?.body;
        const hits = itemsOf(body);
        s.check(searchFinds, { exchange, how, reference, hits });
        s.check(searchTotal, { exchange, total: isRecord(body) ? body.total : undefined, hits: hits.length, limit: PAGE_SIZE, page: 1 });
        s.check(communityScope, { exchange, community: scope, items: hits });
        if (query.alias) s.check(filterMatches, { exchange, filter: `alias=${query.alias}`, items: hits, matches: (g) => g.alias === query.alias, show: (g) => g.alias, severity: 'MUST' });
      }
    });

    await step('search with filters', async (s) => {
      requireGroups(s);
      const all = await s.send({ operationId: 'searchGroups', query: { limit: PAGE_SIZE }, expect: { valid: true } });
      const body = all.response?.body;
      const hits = itemsOf(body);
      s.check(searchTotal, { exchange: all, total: isRecord(body) ? body.total : undefined, hits: hits.length, limit: PAGE_SIZE, page: 1 });
      s.check(filterSubset, { exchange: all, filter: 'no filter', items: hits, universe, complete: true });
      for (const filter of GROUP_FILTERS.filter((f) => f.param === 'season' || f.param === 'active')) {
        for (const { value, reference } of referenceValues(s, filter, ordered)) {
          const alias = typeof reference?.alias === 'string' ? reference.alias : undefined;
          const exchange = await s.send({ operationId: 'searchGroups', query: { [filter.param]: value, alias, limit: PAGE_SIZE }, expect: { valid: true } });
          const found = itemsOf(exchange.response?.body);
          s.check(filterMatches, { exchange, filter: `${filter.param}=${value}`, items: found, matches: (g) => filter.matches(g, value), show: filter.show, severity: filter.severity });
          if (reference && alias) s.check(searchFinds, { exchange, how: `alias=${alias}&${filter.param}=${value}`, reference, hits: found });
        }
      }
    });

    await step('read groups by id', async (s) => {
      requireGroups(s);
      const picks = [...new Set([0, ordered.length - 1, s.rng.int(0, ordered.length - 1)])].map((i) => ordered[i] as Json);
      for (const listed of picks) {
        if (typeof listed._id !== 'string') continue;
        const exchange = await s.send({ operationId: 'getGroup', path: { groupId: listed._id }, expect: { valid: true } });
        const read = exchange.response?.body;
        if (!isRecord(read)) continue;
        s.check(getMatchesList, { exchange, listed, read });
        s.check(communityScope, { exchange, community: scope, items: [read] });
      }
    });

    await step('refuse invalid parameters', async (s) => {
      const cases: Array<{ operationId: 'listGroups' | 'searchGroups'; query: Record<string, string>; violation: string; param: string }> = [
        { operationId: 'listGroups', query: { active: 'maybe' }, violation: 'query.active=maybe is not a boolean', param: 'active' },
        { operationId: 'searchGroups', query: { active: 'maybe' }, violation: 'query.active=maybe is not a boolean', param: 'active' },
        { operationId: 'listGroups', query: { limit: 'abc' }, violation: 'query.limit=abc is not an integer', param: 'limit' },
        { operationId: 'listGroups', query: { page: '0' }, violation: 'query.page=0 is below 1', param: 'page' },
        { operationId: 'listGroups', query: { sort: 'shoeSize' }, violation: 'query.sort=shoeSize is not a sort key', param: 'sort' },
      ];
      for (const c of cases) await s.send({ operationId: c.operationId, query: c.query, expect: { invalid: c.violation, rule: s.paramRule(c.operationId, c.param) } });
      let unknown = s.rng.hex(24);
      while (universe.has(unknown)) unknown = s.rng.hex(24);
      await s.send({ operationId: 'getGroup', path: { groupId: unknown }, expect: { invalid: `no group has _id ${unknown}`, rule: '#/components/responses/NotFound' } });
    });
  },
};

async function checkFilter(s: StepContext, filter: GroupFilter, value: string, reference: Json | undefined, universe: Map<string, Json>): Promise<void> {
  const label = `${filter.param}=${value}`;
  const collected = await listAllGroups(s, 'listGroups', { [filter.param]: value });
  const exchange = collected.exchanges[0];
  if (!exchange) return;
  s.check(filterMatches, { exchange, filter: label, items: collected.items, matches: (g) => filter.matches(g, value), show: filter.show, severity: filter.severity });
  // A group the unfiltered list did not show may sit beyond a page it could not reach: read it before calling it foreign.
  for (const item of collected.items) {
    if (typeof item._id !== 'string' || universe.has(item._id)) continue;
    const read = await s.send({ operationId: 'getGroup', path: { groupId: item._id }, expect: { valid: true } });
    if (read.response?.status === 200 && isRecord(read.response.body)) universe.set(item._id, read.response.body);
  }
  s.check(filterSubset, { exchange, filter: label, items: collected.items, universe, complete: collected.complete, ...(reference ? { reference } : {}) });
}

/** The values to filter by: one taken from a listed group (picked by the seeded rng); for active, both. */
function referenceValues(s: StepContext, filter: GroupFilter, groups: Json[]): Array<{ value: string; reference?: Json }> {
  const candidates = groups.filter((g) => filter.valuesOf(g).length > 0);
  if (filter.param === 'active') {
    // Both values, even when no listed group has one of them: the answer must then hold only matching groups.
    return ['true', 'false'].map((value) => {
      const matching = candidates.filter((g) => filter.valuesOf(g).includes(value));
      return matching.length > 0 ? { value, reference: s.rng.pick(matching) } : { value };
    });
  }
  if (candidates.length === 0) return [];
  const reference = s.rng.pick(candidates);
  // Every form of the value (createdAt: the instant as listed, and its day).
  return filter.valuesOf(reference).map((value) => ({ value, reference }));
}

/** The value groups carry in `community`: the header's when any group shows it, else the most common one. */
function communityValue(groups: Json[], header: string): string {
  const counts = new Map<string, number>();
  for (const g of groups) if (typeof g.community === 'string') counts.set(g.community, (counts.get(g.community) ?? 0) + 1);
  if (counts.size === 0 || counts.has(header)) return header;
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? header;
}
