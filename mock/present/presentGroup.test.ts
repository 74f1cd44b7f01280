import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { GroupRecord } from '../../fixtures/records.ts';
import { presentGroup } from './presentGroup.ts';

const record: GroupRecord = {
  _id: '64b7f0c2a1e4d93b5c0f2c10',
  community: 'colegio-horizonte',
  alias: '2026-EF2-7A',
  name: '7º Ano A - Matutino',
  season: '2026',
  active: true,
  tags: [{ id: '64b7f0c2a1e4d93b5c0f4e00', name: 'ensino-fundamental-2' }],
  admins: [{ user: '64b7f0c2a1e4d93b5c0f1a90' }],
  components: ['64b7f0c2a1e4d93b5c0f5a01'],
  fields: {
    '@education:basic': { tipo: { _id: 'regular', label: 'Regular' }, nivel: { _id: 'EF2', label: 'Ensino Fundamental II' }, periodo: 'matutino' },
  },
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-02-10T08:30:00.000Z',
  syncedAt: '2026-02-10T08:30:00.000Z',
};

describe('presentGroup', () => {
  const cases: Array<[string, { given: GroupRecord; keys: string[] }]> = [
    [
      'a synced group shows syncedAt',
      { given: record, keys: ['_id', 'alias', 'createdAt', 'updatedAt', 'community', 'name', 'tags', 'admins', 'active', 'season', 'fields', 'syncedAt'] },
    ],
    [
      'a group never synced has no syncedAt key',
      {
        given: { ...record, syncedAt: undefined },
        keys: ['_id', 'alias', 'createdAt', 'updatedAt', 'community', 'name', 'tags', 'admins', 'active', 'season', 'fields'],
      },
    ],
    [
      'a deleted group shows active: false and empty relations',
      {
        given: { ...record, active: false, tags: [], admins: [], components: [] },
        keys: ['_id', 'alias', 'createdAt', 'updatedAt', 'community', 'name', 'tags', 'admins', 'active', 'season', 'fields', 'syncedAt'],
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, keys }) => {
    const group = presentGroup(given);
    expect(Object.keys(group).sort()).toEqual([...keys].sort());
    expect(group).not.toHaveProperty('components');
    expect(group).toMatchObject({ _id: given._id, alias: given.alias, active: given.active, season: given.season, tags: given.tags, admins: given.admins });
    expect(loadContract().validateSchema('#/components/schemas/Group', group)).toEqual([]);
  });

  it('copies, so changing the result leaves the record alone', () => {
    const given = structuredClone(record);
    const group = presentGroup(given);
    group.tags?.push({ id: 'x', name: 'y' });
    (group.fields?.['@education:basic'] as { periodo?: string }).periodo = 'noturno';
    expect(given).toEqual(record);
  });
});
