/** Lower case without diacritics ("7º Ano" → "7º ano", "Matemática" → "matematica"), for accent-insensitive search. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
