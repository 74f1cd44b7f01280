import { describe, expect, it } from 'vitest';
import type { GroupRecord } from '../../fixtures/records.ts';
import { presentGroupSummary } from './presentGroupSummary.ts';

const group = (season: string): GroupRecord => ({
  _id: 'g1',
  community: 'c',
  alias: '2026-EF2-7A',
  name: '7º Ano A',
  season,
  active: true,
  tags: [],
  admins: [],
  components: [],
  fields: {},
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-02-10T08:30:00.000Z',
});

describe('presentGroupSummary', () => {
  it.each([
    ['2026', 2026],
    ['2026.1', 2026.1],
    ['2026-A', undefined],
    ['', undefined],
  ])('season "%s" → %s (a number in user-info)', (season, want) => {
    expect(presentGroupSummary(group(season)).season).toBe(want);
  });

  it('adds the enrollment when given, and nothing else', () => {
    const enrollment = {
      _id: 'e1',
      community: 'c',
      kind: 'member' as const,
      entity: 'm1',
      group: 'g1',
      createdAt: '2026-01-20T12:00:00.000Z',
      updatedAt: '2026-01-20T12:00:00.000Z',
    };
    expect(presentGroupSummary(group('2026'), enrollment)).toEqual({
      id: 'g1',
      name: '7º Ano A',
      alias: '2026-EF2-7A',
      createdAt: '2026-01-15T10:00:00.000Z',
      updatedAt: '2026-02-10T08:30:00.000Z',
      season: 2026,
      enrollment: { id: 'e1', kind: 'member', entity: 'm1', group: 'g1', createdAt: '2026-01-20T12:00:00.000Z', updatedAt: '2026-01-20T12:00:00.000Z' },
    });
  });
});
