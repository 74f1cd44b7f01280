import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalizeText.ts';

describe('normalizeText', () => {
  it.each([
    ['7º Ano A - Matutino', '7o ano a - matutino'],
    ['1ª Série B', '1a serie b'],
    ['Matemática', 'matematica'],
    ['EDUCAÇÃO FÍSICA', 'educacao fisica'],
    ['2026-EF2-7A', '2026-ef2-7a'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});
