import type { Scenario } from '../Scenario.ts';
import { GROUP_FILTERS } from '../groupFilters.ts';
import { filterStep } from './filterStep.ts';
import { GROUPS_ABSENT, type GroupsFacts } from './GroupsFacts.ts';
import { invalidParamsStep } from './invalidParamsStep.ts';
import { listStep } from './listStep.ts';
import { otherCommunityStep } from './otherCommunityStep.ts';
import { pageStep } from './pageStep.ts';
import { readByIdStep } from './readByIdStep.ts';
import { searchByAliasStep } from './searchByAliasStep.ts';
import { searchStep } from './searchStep.ts';
import { sortStep } from './sortStep.ts';

/** The steps in order: the list first (every expectation comes from the server's own answers), then what it taught. */
const STEPS = [
  listStep,
  ...GROUP_FILTERS.map(filterStep),
  sortStep,
  pageStep,
  searchStep,
  searchByAliasStep,
  readByIdStep,
  otherCommunityStep,
  invalidParamsStep,
];

/** List, filter, sort, page, search and read the community's groups; every expectation comes from the server's own answers. */
export const groupsScenario: Scenario<GroupsFacts> = {
  area: 'groups',
  title: 'Groups: list, filters, sort, paging, search, read by id',
  missing: (s) => (!s.config.token ? 'no bearer token (--token or CONFORM_TOKEN)' : !s.config.community ? 'no community (--community)' : undefined),
  absent: GROUPS_ABSENT,
  async run(step) {
    for (const each of STEPS) await step(each);
  },
};
