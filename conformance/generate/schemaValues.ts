import { BAD_DATE_TIMES, EDGE_DATE_TIMES, EDGE_DATES, EDGE_STRINGS } from './edgeStrings.ts';

export type Schema = Record<string, unknown>;

/** A value to try for a schema, and why. Whether it is valid is the contract's to say, not this list's. */
export interface TryValue {
  label: string;
  value: unknown;
}

/**
 * The coverage values of a schema: every declared bound and its neighbours (min−1, min, max, max+1), every
 * enum value, every token of a comma list (with duplicates, spaces and an empty entry), dates with and
 * without offsets, edge strings, empty arrays, and one value of each wrong type.
 */
export function coverageValues(schema: Schema): TryValue[] {
  const out: TryValue[] = [];
  const type = schema.type;
  if (Array.isArray(schema.enum)) for (const v of schema.enum) out.push({ label: `enum ${JSON.stringify(v)}`, value: v });
  if (type === 'integer' || type === 'number') out.push(...numberValues(schema));
  else if (type === 'boolean')
    // "true" and 1 are what a lenient parser coerces to true: a boolean sent as a string or a number is still no boolean.
    out.push(
      { label: 'true', value: true },
      { label: 'false', value: false },
      { label: 'not a boolean', value: 'maybe' },
      { label: 'the string "true"', value: 'true' },
      { label: 'the number 1', value: 1 },
    );
  else if (type === 'string') out.push(...stringValues(schema));
  else if (type === 'array') {
    out.push({ label: 'empty array', value: [] }, { label: 'not an array', value: 'x' });
    // An empty string inside a string array: an empty tag or period slips past a check of the array alone.
    if ((schema.items as Schema | undefined)?.type === 'string') out.push({ label: 'an empty string inside', value: [''] });
  } else if (type === 'object')
    out.push({ label: 'empty object', value: {} }, { label: 'not an object', value: 'x' }, { label: 'null', value: null }, { label: 'an array', value: [] });
  return out;
}

function numberValues(schema: Schema): TryValue[] {
  const out: TryValue[] = [];
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (min !== undefined) out.push({ label: 'minimum − 1', value: min - 1 }, { label: 'minimum', value: min }, { label: 'minimum + 1', value: min + 1 });
  if (max !== undefined) out.push({ label: 'maximum − 1', value: max - 1 }, { label: 'maximum', value: max }, { label: 'maximum + 1', value: max + 1 });
  if (min === undefined) out.push({ label: 'zero', value: 0 }, { label: 'negative', value: -1 });
  // Far from every bound, not only beside one: a page far past the end of any list, a limit no page holds.
  if (max === undefined) out.push({ label: 'far past any end (a million)', value: 1_000_000 });
  out.push({ label: 'huge', value: 2 ** 53 }, { label: 'a fraction', value: 1.5 }, { label: 'not a number', value: 'ten' });
  return out;
}

function stringValues(schema: Schema): TryValue[] {
  const tokens = listTokens(schema);
  if (tokens) return listValues(tokens);
  if (isDateTime(schema)) {
    return [
      ...EDGE_DATE_TIMES.map((value) => ({ label: `date-time ${value}`, value })),
      ...(allowsDate(schema) ? EDGE_DATES.map((value) => ({ label: `date ${value}`, value })) : []),
      ...BAD_DATE_TIMES.map((value) => ({ label: `not a date-time: ${value}`, value })),
    ];
  }
  const out: TryValue[] = EDGE_STRINGS.map((s) => ({ ...s }));
  if (typeof schema.minLength === 'number' && schema.minLength > 1) out.push({ label: 'minLength − 1', value: 'a'.repeat(schema.minLength - 1) });
  if (typeof schema.maxLength === 'number')
    out.push({ label: 'maxLength', value: 'a'.repeat(schema.maxLength) }, { label: 'maxLength + 1', value: 'a'.repeat(schema.maxLength + 1) });
  out.push({ label: 'a number', value: 7 });
  return out;
}

function listValues(tokens: { words: string[]; negatable: boolean }): TryValue[] {
  const [first = 'x', second = first] = tokens.words;
  const out: TryValue[] = tokens.words.map((w) => ({ label: `entry ${w}`, value: w }));
  out.push(
    { label: 'every entry', value: tokens.words.join(',') },
    { label: 'duplicate entry', value: `${first},${first}` },
    { label: 'space after comma', value: `${first}, ${second}` },
    { label: 'empty entry', value: `${first},,${second}` },
    { label: 'empty list', value: '' },
    { label: 'unknown entry', value: `${first},nope` },
    { label: 'upper case', value: first.toUpperCase() },
  );
  if (tokens.negatable) out.push({ label: 'descending entry', value: `-${first}` }, { label: 'two descending entries', value: `-${second},-${first}` });
  return out;
}

/**
 * The words of a comma-list pattern such as ^-?(a|b|c)(,-?(a|b|c))*$, so the pass can name each entry, repeat
 * one and put a space after a comma; undefined for any other pattern.
 */
export function listTokens(schema: Schema): { words: string[]; negatable: boolean } | undefined {
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const match = pattern ? /^\^(-\?)?\(([\w.|]+)\)\(,/.exec(pattern) : null;
  if (!match) return undefined;
  return { words: (match[2] as string).split('|'), negatable: match[1] !== undefined };
}

function formats(schema: Schema): string[] {
  const own = typeof schema.format === 'string' ? [schema.format] : [];
  const parts = [...((schema.anyOf as Schema[] | undefined) ?? []), ...((schema.oneOf as Schema[] | undefined) ?? [])];
  return [...own, ...parts.map((p) => p.format).filter((f): f is string => typeof f === 'string')];
}

export function isDateTime(schema: Schema): boolean {
  return formats(schema).includes('date-time');
}

function allowsDate(schema: Schema): boolean {
  return formats(schema).includes('date');
}
