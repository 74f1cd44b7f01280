import { describe, expect, it } from 'vitest';
import { filterSubset } from '../checks/filterSubset.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import type { Json } from '../checks/values.ts';
import { createdAtReadings, createdAtValues, matchingOffsets, withOffset } from './createdAtReadings.ts';

const groups: Json[] = [
  { _id: 'a', createdAt: '2026-01-15T10:00:00.000Z', active: true },
  { _id: 'b', createdAt: '2026-01-15T23:59:59.999Z', active: true },
  { _id: 'c', createdAt: '2026-01-16T00:00:00.000Z', active: true },
  { _id: 'd', createdAt: '2026-01-16T02:00:00.000Z', active: true },
  { _id: 'e', createdAt: '2026-01-17T12:00:00.000Z', active: true },
  { _id: 'x', createdAt: '2026-01-15T11:00:00.000Z', active: false },
];
const universe = new Map(groups.map((g) => [g._id as string, g]));

/** The verdict of filter-subset on an answer holding `ids` for createdAt=value (both read to the end). */
function verdict(value: string, ids: string[]): string[] {
  const readings = createdAtReadings(value, groups);
  const items = ids.map((id) => universe.get(id) as Json);
  return filterSubset
    .run({ exchange: fakeExchange('listGroups', 200, items), filter: `createdAt=${value}`, items, universe, complete: true, ...(readings ? { readings } : {}) })
    .map((f) => f.severity);
}

describe('createdAt readings', () => {
  it('tries the days at both edges of a midnight and an instant at +05:30, whatever the order of the list', () => {
    const values = createdAtValues(groups).map((v) => v.value);
    expect(values).toEqual(['2026-01-15', '2026-01-16', '2026-01-17T17:30:00.000+05:30']);
    expect(createdAtValues([...groups].reverse()).map((v) => v.value)).toEqual(values);
  });

  it('writes an instant at an offset', () => {
    expect(withOffset(Date.parse('2026-01-15T23:00:00.000Z'), -180)).toBe('2026-01-15T20:00:00.000-03:00');
    expect(Date.parse(withOffset(Date.parse('2026-01-15T23:00:00.000Z'), 330))).toBe(Date.parse('2026-01-15T23:00:00.000Z'));
  });

  it.each([
    ['the UTC day', '2026-01-15', ['a', 'b'], []],
    ['the day at UTC-03:00 (the community zone)', '2026-01-15', ['a', 'b', 'c', 'd'], []],
    ['the day at UTC+05:30', '2026-01-16', ['c', 'd'], []],
    ['deleted groups left out or not', '2026-01-15', ['a', 'b', 'x'], []],
    // Alone, {a} is the day at UTC+01:00; with the next day's answer (below) no one offset explains both.
    ['a day cut a second short (one offset could explain it alone)', '2026-01-15', ['a'], []],
    ['the filter ignored', '2026-01-15', ['a', 'b', 'c', 'd', 'e'], ['MUST']],
    ['an instant matched exactly', '2026-01-16T05:30:00.000+05:30', ['c'], []],
    ['an instant read as its UTC day', '2026-01-16T00:00:00.000Z', ['c', 'd'], []],
    ['an instant with its offset dropped', '2026-01-16T05:30:00.000+05:30', ['e'], ['MUST']],
    ['an instant ignored', '2026-01-16T00:00:00.000Z', ['a', 'b', 'c', 'd', 'e'], ['MUST']],
  ])('%s', (_name, value, ids, want) => {
    expect(verdict(value, ids)).toEqual(want);
  });
});

describe('one offset for every day', () => {
  it('a day cut short at its end is explained by no offset that also explains the next day', () => {
    const day15 = createdAtReadings('2026-01-15', groups)?.sets ?? [];
    const day16 = createdAtReadings('2026-01-16', groups)?.sets ?? [];
    const cut = matchingOffsets(day15, new Set(['a']), universe);
    expect(cut.length).toBeGreaterThan(0);
    const next = matchingOffsets(day16, new Set(['c', 'd']), universe);
    expect(next.filter((z) => cut.includes(z))).toEqual([]);
    // The right answers share UTC.
    expect(matchingOffsets(day15, new Set(['a', 'b']), universe)).toContain(0);
    expect(matchingOffsets(day16, new Set(['c', 'd']), universe)).toContain(0);
  });
});
