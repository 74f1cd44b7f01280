import { describe, expect, it } from 'vitest';
import { createRng } from '../../fixtures/rng.ts';
import { DISCRIMINATING_LENGTH, discriminatingText } from './discriminatingText.ts';

const codePoints = (text: string): number => Array.from(text).length;

describe('discriminatingText: a written string whose read-back shows a cut, a re-encoding or an escaping', () => {
  it.each([
    ['a short label', 'Nome', undefined, DISCRIMINATING_LENGTH],
    ['a long label', 'Mensagem de contato da escola', undefined, DISCRIMINATING_LENGTH],
    ['under a maxLength of 40', 'Nome', 40, 40],
  ])('%s', (_name, label, maxLength, length) => {
    const text = discriminatingText(createRng(7), label, maxLength);
    expect(codePoints(text)).toBe(length);
    expect(text.startsWith(label)).toBe(true);
    // Longer than a 20-character column, and each kind of hard character present.
    expect(text.slice(0, 20)).not.toBe(text);
    expect(text).toMatch(/[À-ÿ]/u);
    expect(text).toMatch(/[\u{10000}-\u{10FFFF}]/u);
    expect(text).toMatch(/["&<\\%+']/);
    // Never a lone surrogate: well-formed for any UTF-8 encoder.
    expect(() => encodeURIComponent(text)).not.toThrow();
  });

  it('differs between runs (a value an earlier run wrote cannot pass for it)', () => {
    expect(discriminatingText(createRng(1), 'Nome')).not.toBe(discriminatingText(createRng(2), 'Nome'));
  });
});
