/**
 * Strings that break implementations more often than ordinary text does, each with a label for the report.
 * Characters outside Latin-1 break a header or a legacy encoder; combining marks and emoji break length and
 * case-folding code; regex metacharacters break a search built with new RegExp(text); spaces break a split.
 */
export const EDGE_STRINGS: ReadonlyArray<{ label: string; value: string }> = [
  { label: 'empty string', value: '' },
  { label: 'one character', value: 'a' },
  { label: 'outside Latin-1', value: 'Turma Ŀ 名' },
  { label: 'combining mark', value: 'Jose\u0301' },
  { label: 'emoji', value: 'Turma 🎓' },
  { label: 'regex metacharacters', value: '(7º [A' },
  { label: 'regex wildcard', value: '.*' },
  { label: 'spaces around', value: '  7º Ano  ' },
  { label: 'SQL-like quote', value: "O'Brien" },
  { label: 'percent and plus', value: '50%+1' },
  { label: 'very long', value: 'x'.repeat(1000) },
];

/** Date-times valid under RFC 3339 §5.6 that a naive parser misreads: offsets, no milliseconds, lower case. */
export const EDGE_DATE_TIMES: readonly string[] = [
  '2026-03-01T12:00:00.000Z',
  '2026-03-01T12:00:00Z',
  '2026-03-01T09:00:00-03:00',
  '2026-03-01T15:30:00.5+03:30',
  '2000-01-01T00:00:00Z',
];

/** Dates (RFC 3339 full-date). */
export const EDGE_DATES: readonly string[] = ['2026-03-01', '2000-02-29'];

/** Text that is no date-time at all, or one with an impossible field. */
export const BAD_DATE_TIMES: readonly string[] = ['yesterday', '2026-13-01T00:00:00Z', '2026-03-01 12:00', '1700000000'];
