/**
 * Lower case, compatibility-decomposed, without diacritics: "Matemática" → "matematica", and — NFKD
 * rather than NFD — the ordinal indicators of Portuguese class names too: "7º Ano" → "7o ano", "1ª Série" →
 * "1a serie", so a person typing "7o ano" finds the class.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
