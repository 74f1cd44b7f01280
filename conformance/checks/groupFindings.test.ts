import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import type { CheckFailure } from './Check.ts';
import { groupFindings, MAX_EXAMPLES } from './groupFindings.ts';

const failure = (check: string, operationId: string, message: string, severity: 'MUST' | 'SHOULD' = 'MUST'): CheckFailure => ({
  check,
  severity,
  message,
  exchange: fakeExchange(operationId, 200, []),
});

describe('groupFindings: one finding per check and operation, not one per value tried', () => {
  it('folds the values of one kind into its first failure, counting them and keeping bounded examples', () => {
    const values = Array.from({ length: 12 }, (_, i) => failure('filter-matches', 'listGroups', `createdAt=${i} let a group through`));
    const grouped = groupFindings([...values, failure('filter-matches', 'searchGroups', 'q ignored'), failure('sort-order', 'listGroups', 'name unsorted')]);
    expect(grouped.map((f) => [f.check, f.exchange.operationId, f.occurrences])).toEqual([
      ['filter-matches', 'listGroups', 12],
      ['filter-matches', 'searchGroups', 1],
      ['sort-order', 'listGroups', 1],
    ]);
    expect(grouped[0]?.examples).toHaveLength(MAX_EXAMPLES);
    expect(grouped[0]?.message).toBe(
      'createdAt=0 let a group through (and 11 more of this kind on listGroups, e.g. createdAt=1 let a group through; createdAt=2 let a group through; createdAt=3 let a group through; createdAt=4 let a group through)',
    );
    expect(grouped[1]?.message).toBe('q ignored');
  });

  it('keeps a MUST and a SHOULD of one check apart (they fail the run differently)', () => {
    const grouped = groupFindings([failure('filter-matches', 'listGroups', 'a'), failure('filter-matches', 'listGroups', 'b', 'SHOULD')]);
    expect(grouped.map((f) => f.severity)).toEqual(['MUST', 'SHOULD']);
  });
});
