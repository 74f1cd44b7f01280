import { describe, expect, it } from 'vitest';
import { normalizeText } from '../../fixtures/normalizeText.ts';
import { TrigramIndex } from './TrigramIndex.ts';

const TEXTS = ['Oficina de Robótica - 7º Ano', 'Clube de Xadrez', 'Reforço de Matemática', 'Robótica Avançada', 'Teatro', 'ab'];
const index = TrigramIndex.build(TEXTS.length, (ord) => normalizeText(TEXTS[ord] as string)) as TrigramIndex;

describe('TrigramIndex', () => {
  it.each(['robotica', 'de ', 'xadrez', 'matematica', '7o ano', 'zzz', 'tica', 'oficina de robotica - 7o ano', 'clube de xadrezz', 'atro'])(
    'finds exactly the texts containing "%s", in order',
    (query) => {
      const want = TEXTS.flatMap((text, ord) => (normalizeText(text).includes(query) ? [ord] : []));
      expect([...(index.search(query) as Int32Array)]).toEqual(want);
    },
  );
  it('verifies the hits: every trigram of the query present is not the query present', () => {
    const tricky = TrigramIndex.build(2, (ord) => ['abcab', 'xbcabcx'][ord] as string) as TrigramIndex;
    expect([...(tricky.search('bcabc') as Int32Array)]).toEqual([1]);
  });
  it('answers nothing for a character no text has', () => {
    expect([...(index.search('xa€') as Int32Array)]).toEqual([]);
  });
  it('finds texts in any script (its trigrams are of UTF-8 bytes)', () => {
    const texts = ['中文课程', '日本語クラス', 'Ελληνικά'];
    const cjk = TrigramIndex.build(texts.length, (ord) => texts[ord] as string) as TrigramIndex;
    expect([...(cjk.search('文课') as Int32Array)]).toEqual([0]);
    expect([...(cjk.search('ληνι') as Int32Array)]).toEqual([2]);
    expect([...(cjk.search('课程x') as Int32Array)]).toEqual([]);
  });
  it('gives up on texts with more distinct bytes than its flat layout holds', () => {
    const wide = Array.from({ length: 0x7ff }, (_, i) => String.fromCharCode(i + 1)).join('');
    expect(TrigramIndex.build(1, () => wide)).toBeUndefined();
  });
  it('leaves a query shorter than a trigram to a scan', () => {
    expect(index.search('ro')).toBeUndefined();
  });
  it('answers exactly when most trigrams are too common to keep a list (a query of only those checks every text)', () => {
    const words = ['robotica', 'xadrez', 'teatro', 'futsal', 'matematica', 'danca', 'judo'];
    const texts = Array.from({ length: 12_000 }, (_, i) => `${words[i % words.length]} - turma ${i % 97}\u00002026-x${i % 13}`);
    const big = TrigramIndex.build(texts.length, (ord) => texts[ord] as string) as TrigramIndex;
    for (const query of ['turma', 'turma - ', ' - turma 1', 'turma 96', 'robotica - turma 5', 'ica - t', 'x12', 'futsal', '2026-x1', 'zz']) {
      const want = texts.flatMap((text, ord) => (text.includes(query) ? [ord] : []));
      expect([...(big.search(query) ?? [])], query).toEqual(query.length < 3 ? [] : want);
    }
  });
});
