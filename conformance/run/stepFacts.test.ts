import { describe, expect, it } from 'vitest';
import type { AnyStep } from '../step/Step.ts';
import { createStepFacts } from './stepFacts.ts';

interface Learned {
  paging: number;
  groups: string[];
}

const step = (declared: Partial<Pick<AnyStep<Learned>, 'needs' | 'uses' | 'provides'>>): AnyStep<Learned> => ({
  title: 't',
  run: async () => undefined,
  ...declared,
});

describe('createStepFacts', () => {
  const absent = { paging: 'the list could not be read', groups: 'no group listed' };

  it.each([
    ['nothing needed', {}, [], undefined],
    ['a need provided', { needs: ['paging'] as const }, ['paging'], undefined],
    ['a need missing', { needs: ['paging'] as const }, [], 'the list could not be read'],
    ['the first missing need, in declared order', { needs: ['groups', 'paging'] as const }, [], 'no group listed'],
    ['a use missing', { uses: ['groups'] as const }, ['paging'], undefined],
  ] as const)('%s', (_name, declared, provided, reason) => {
    const facts = createStepFacts<Learned>(absent);
    const provide = facts.provider(step({ provides: ['paging', 'groups'] }));
    if (provided.includes('paging' as never)) provide('paging', 2);
    expect(facts.lacking(step(declared as Partial<AnyStep<Learned>>))).toBe(reason);
  });

  it('gives a step only what it declares and was provided, and refuses a fact it does not declare', () => {
    const facts = createStepFacts<Learned>(absent);
    facts.provider(step({ provides: ['paging'] }))('paging', 1);
    expect(facts.given(step({ uses: ['groups'] }))).toEqual({});
    expect(facts.given(step({ needs: ['paging'], uses: ['groups'] }))).toEqual({ paging: 1 });
    expect(() => facts.provider(step({ provides: ['paging'] }))('groups', ['a'])).toThrow(/hands on groups, which it does not declare/);
    expect(facts.known()).toEqual({ paging: 1 });
  });

  it('names the fact when the scenario gives no reason for it', () => {
    expect(createStepFacts<Learned>(undefined).lacking(step({ needs: ['groups'] }))).toBe('no groups: an earlier step could not provide it');
  });
});
