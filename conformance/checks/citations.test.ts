import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { filterMatches } from './filterMatches.ts';

const SEARCH_SENTENCE = 'Query parameters, all optional strings except where noted';

// Each failure cites the sentence of its own operation: the list's parameter table states its filters row by
// row, the search states its own in one sentence; a list failure citing the search's sentence sends the
// reader to the wrong endpoint.
describe("filter-matches cites its own operation's statement of the parameter", () => {
  it.each<[string, string, string]>([
    ['listGroups', 'name', '| `name` | query | string | no | name |'],
    ['listGroups', 'season', '| `season` | query | string | no | season (usually the school year) |'],
    ['listGroups', 'admins.user', "| `admins.user` | query | string | no | id of one of the group's administrators |"],
    ['listGroups', 'createdAt', '| `createdAt` | query | string | no | creation date of the document |'],
    ['listGroups', 'active', '| `active` | query | boolean | no | true = active documents, false = deleted ones |'],
    ['searchGroups', 'name', SEARCH_SENTENCE],
  ])('%s %s', (operationId, param, cited) => {
    const [failure] = filterMatches.run({
      exchange: fakeExchange(operationId, 200, []),
      filter: `${param}=x`,
      items: [{ alias: 'g', [param]: 'y' }],
      matches: () => false,
      show: (g) => g[param],
      severity: 'MUST',
    });
    expect(failure?.source?.kind).toBe('description');
    expect(failure?.source?.text).toContain(cited);
    if (operationId === 'listGroups') expect(failure?.source?.text).not.toContain(SEARCH_SENTENCE);
  });
});
