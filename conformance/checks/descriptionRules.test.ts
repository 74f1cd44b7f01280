import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import type { CheckFailure } from './Check.ts';
import { communityScope } from './communityScope.ts';
import { rolesSet } from './rolesSet.ts';
import { searchNarrows } from './searchNarrows.ts';
import { sortOrder } from './sortOrder.ts';

const x = fakeExchange('listGroups', 200, []);
const severities = (failures: CheckFailure[]): string[] => failures.map((f) => f.severity);

describe('roles-set', () => {
  const roles = { student: true, guardian: false, professor: false, coordenator: false };
  it.each([
    ['the four booleans', [{ alias: 'u', rolesSet: roles }], []],
    ['with admin', [{ alias: 'u', rolesSet: { ...roles, admin: true } }], []],
    ['no rolesSet', [{ alias: 'u' }], ['MUST']],
    ['coordenator missing', [{ alias: 'u', rolesSet: { student: true, guardian: false, professor: false } }], ['MUST']],
    ['admin not a boolean', [{ alias: 'u', rolesSet: { ...roles, admin: 'yes' } }], ['MUST']],
    ['five broken records: one failure naming the count and the first', Array.from({ length: 5 }, (_, i) => ({ alias: `u${i}` })), ['MUST']],
  ])('%s', (_name, records, want) => {
    expect(severities(rolesSet.run({ exchange: x, records }))).toEqual(want);
  });

  it('names the description sentence it rests on', () => {
    const [failure] = rolesSet.run({ exchange: x, records: [{}] });
    expect(failure?.source).toMatchObject({ kind: 'description' });
    expect(failure?.source?.text).toContain('optionally `admin`');
  });
});

describe('community-scope', () => {
  const g = (community: string) => ({ _id: community + Math.random().toString(16).slice(2, 6), community });
  it.each([
    ['all of the header', 'a', [g('a'), g('a')], 'a', []],
    ['one foreign', 'a', [g('a'), g('b')], 'a', ['MUST']],
    ['all agree on another community than the header', 'b', [g('b'), g('b')], 'a', ['SHOULD']],
  ])('%s', (_name, community, items, header, want) => {
    expect(severities(communityScope.run({ exchange: x, community, items, header }))).toEqual(want);
  });
});

describe('search-narrows', () => {
  const hit = (name: string, alias: string) => ({ _id: alias, name, alias });
  it.each([
    ['narrowed to the group', [hit('7º Ano A', '2026-7A')], 1, 40, true, []],
    ['as many as without q, an unrelated group existing', [hit('7º Ano A', '2026-7A'), hit('Coral', 'coral')], 40, 40, true, ['MUST', 'SHOULD']],
    ['as many as without q, but no group unrelated (a full-text match is fair)', [hit('7º Ano A', '2026-7A')], 40, 40, false, []],
    ['a hit without q in name or alias', [hit('Coral', 'coral')], 1, 40, true, ['SHOULD']],
    ['accents and case folded', [hit('7º ANO Á', 'X-2026-7A-x')], 1, 40, true, []],
  ])('%s', (_name, hits, count, everything, unrelated, want) => {
    expect(
      severities(searchNarrows.run({ exchange: x, q: '2026-7a', hits, count, everything, ...(unrelated ? { unrelated: hit('Biblioteca', 'bib') } : {}) })),
    ).toEqual(want);
  });
});

describe('sort-order', () => {
  const items = (key: string, values: string[]) => values.map((v, i) => ({ _id: String(i), [key]: v }));
  it.each([
    ['name ascending', 'name', ['Ana', 'bruno', 'Carla'], []],
    ['name descending', '-name', ['Carla', 'bruno', 'Ana'], []],
    ['name ascending, code points', 'name', ['Ana', 'Carla', 'bruno'], []],
    ['name ascending, accents', 'name', ['Ábaco', 'Bola'], []],
    ['name out of order', 'name', ['Carla', 'Ana'], ['SHOULD']],
    ['createdAt descending', '-createdAt', ['2026-03-01T00:00:00Z', '2026-01-01T00:00:00Z'], []],
    ['createdAt wrong way', 'createdAt', ['2026-03-01T00:00:00Z', '2026-01-01T00:00:00Z'], ['SHOULD']],
  ])('%s', (_name, sort, values, want) => {
    const key = sort.replace('-', '');
    expect(severities(sortOrder.run({ exchange: x, sort, items: items(key, values) }))).toEqual(want);
  });
});
