import { describe, expect, it } from 'vitest';
import { createBudget } from './Budget.ts';

describe('createBudget', () => {
  it('stops each operation at its own allowance, whatever the others spent', () => {
    const budget = createBudget(2);
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
    expect([budget.take('b'), budget.take('b'), budget.take('b')]).toEqual([true, true, false]);
    expect(Object.fromEntries(budget.spent)).toEqual({ a: 2, b: 2 });
  });
});
