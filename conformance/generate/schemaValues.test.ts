import { describe, expect, it } from 'vitest';
import { coverageValues, listTokens } from './schemaValues.ts';

const values = (schema: Record<string, unknown>) => coverageValues(schema).map((v) => v.value);

describe('coverageValues', () => {
  it.each<[string, Record<string, unknown>, unknown[]]>([
    ['every bound and its neighbours', { type: 'integer', minimum: 1, maximum: 1000 }, [0, 1, 2, 999, 1000, 1001]],
    ['booleans and a non-boolean', { type: 'boolean' }, [true, false, 'maybe']],
    [
      'date-times with an offset and without milliseconds',
      { type: 'string', format: 'date-time' },
      ['2026-03-01T09:00:00-03:00', '2026-03-01T12:00:00Z', 'yesterday'],
    ],
    ['dates too when anyOf allows them', { type: 'string', anyOf: [{ format: 'date' }, { format: 'date-time' }] }, ['2026-03-01']],
    ['edge strings', { type: 'string' }, ['', 'Turma Ŀ 名', 'Jose\u0301', 'Turma 🎓', '(7º [A', 'x'.repeat(1000)]],
    ['an empty array', { type: 'array' }, [[]]],
  ])('%s', (_name, schema, expected) => {
    expect(values(schema)).toEqual(expect.arrayContaining(expected));
  });

  it('names each entry of a comma list, a duplicate, a space after the comma and an empty entry', () => {
    const schema = { type: 'string', pattern: '^(members|groups|community)(,(members|groups|community))*$' };
    expect(values(schema)).toEqual(expect.arrayContaining(['members', 'groups', 'community', 'members,members', 'members, groups', 'members,,groups', '']));
  });
});

describe('listTokens', () => {
  it.each<[string, { words: string[]; negatable: boolean } | undefined]>([
    ['^(members|groups|community)(,(members|groups|community))*$', { words: ['members', 'groups', 'community'], negatable: false }],
    ['^-?(createdAt|name)(,-?(createdAt|name))*$', { words: ['createdAt', 'name'], negatable: true }],
    ['^[a-z]+$', undefined],
  ])('%s', (pattern, expected) => {
    expect(listTokens({ type: 'string', pattern })).toEqual(expected);
  });
});
