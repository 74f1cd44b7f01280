import { describe, expect, it } from 'vitest';
import { MAX_SCOPED_RULES, ScopedRules } from './ScopedRules.ts';

describe('ScopedRules', () => {
  it('applies a rule to its operation only, for the next N requests, then drops it', () => {
    const rules = new ScopedRules<string>();
    rules.add({ value: 'slow', operationId: 'listGroups', remaining: 2 });
    rules.add({ value: 'always' });
    expect(rules.take('getGroup')).toEqual(['always']);
    expect(rules.take('listGroups')).toEqual(['slow', 'always']);
    expect(rules.take('listGroups')).toEqual(['slow', 'always']);
    expect(rules.take('listGroups')).toEqual(['always']);
    expect(rules.list()).toEqual([{ value: 'always' }]);
  });

  it('keeps at most MAX_SCOPED_RULES, dropping the oldest', () => {
    const rules = new ScopedRules<number>();
    for (let i = 0; i <= MAX_SCOPED_RULES; i++) rules.add({ value: i, operationId: 'x', remaining: 1 });
    expect(rules.size).toBe(MAX_SCOPED_RULES);
    expect(rules.list()[0]?.value).toBe(1);
  });
});
