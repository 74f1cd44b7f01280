import { describe, expect, it } from 'vitest';
import { createBudget } from './Budget.ts';

describe('createBudget', () => {
  it('stops an operation at its allowance and everything at the deadline', () => {
    let now = 0;
    const budget = createBudget(2, 100, () => now);
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
    expect(budget.take('b')).toBe(true);
    now = 100;
    expect(budget.take('c')).toBe(false);
    expect(budget.remainingMs()).toBe(0);
  });

  it('gives each of the remaining operations an equal share of the time left', () => {
    let now = 0;
    const budget = createBudget(1000, 90, () => now);
    budget.share(3);
    now = 29;
    expect(budget.take('a')).toBe(true);
    now = 30;
    expect(budget.take('a')).toBe(false);
    budget.share(2);
    expect(budget.take('b')).toBe(true);
    now = 60;
    expect(budget.take('b')).toBe(false);
  });
});
