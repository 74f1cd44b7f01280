import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalizeText.ts';
import { TrigramIndex } from './TrigramIndex.ts';

const TEXTS = ['Oficina de Robótica - 7º Ano', 'Clube de Xadrez', 'Reforço de Matemática', 'Robótica Avançada', 'Teatro', 'ab'];
const ids = TEXTS.map((_, i) => `g${i}`);
const index = TrigramIndex.build(ids, (id) => normalizeText(TEXTS[Number(id.slice(1))] as string)) as TrigramIndex;

describe('TrigramIndex', () => {
  it.each(['robotica', 'de ', 'xadrez', 'matematica', '7o ano', 'zzz', 'tica', 'oficina de robotica - 7o ano', 'clube de xadrezz', 'atro'])('finds exactly the texts containing "%s", in order', (query) => {
    const want = ids.filter((_, i) => normalizeText(TEXTS[i] as string).includes(query));
    expect(index.search(query)).toEqual(want);
  });
  it('leaves a query shorter than a trigram to a scan', () => {
    expect(index.search('ro')).toBeUndefined();
  });
});
