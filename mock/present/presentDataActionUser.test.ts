import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { UserRecord } from '../../fixtures/records.ts';
import { presentDataActionUser } from './presentDataActionUser.ts';

const guardian: UserRecord = {
  _id: '64b7f0c2a1e4d93b5c0f1a21',
  community: 'colegio-horizonte',
  alias: 'resp-000123',
  name: 'Mariana Costa Ribeiro',
  email: 'mariana.ribeiro@example.com.br',
  birth: '1985-09-30',
  active: true,
  rolesSet: { student: false, guardian: true, professor: false, coordenator: false, admin: false },
  address: { code: '01310-100', state: 'SP', city: 'São Paulo', district: 'Bela Vista', address: 'Avenida Paulista', complement: 'Apto 42', number: '1578' },
  fields: { cpf: '123.456.789-09' },
  roles: ['guardian'],
  permissions: ['groups:read', 'members:read'],
  createdAt: '2024-02-01T11:00:00.000Z',
  updatedAt: '2026-03-02T16:45:12.300Z',
  lastSeenAt: '2026-03-20T13:05:44.120Z',
};

describe('presentDataActionUser', () => {
  const cases: Array<[string, UserRecord]> = [
    ['an active guardian', guardian],
    [
      'an inactive user without fields or admin key',
      { ...guardian, active: false, fields: {}, rolesSet: { student: true, guardian: false, professor: false, coordenator: false } },
    ],
    ['a coordenator who is also a guardian', { ...guardian, rolesSet: { ...guardian.rolesSet, coordenator: true }, syncedAt: '2026-03-02T16:45:12.300Z' }],
  ];

  it.each(cases)('%s: the data-action keys only, valid against DataActionUser', (_name, given) => {
    const user = presentDataActionUser(given);
    expect(Object.keys(user)).toEqual(['active', 'alias', 'name', 'email', 'rolesSet', 'fields', 'address', 'updatedAt']);
    expect(user).toEqual({
      active: given.active,
      alias: given.alias,
      name: given.name,
      email: given.email,
      rolesSet: given.rolesSet,
      fields: given.fields,
      address: given.address,
      updatedAt: given.updatedAt,
    });
    expect(loadContract().validateSchema('#/components/schemas/DataActionUser', user)).toEqual([]);
  });

  it('does not share objects with the record', () => {
    const given = structuredClone(guardian);
    const user = presentDataActionUser(given);
    (user.fields as Record<string, string>).cpf = 'changed';
    (user.rolesSet as { admin?: boolean }).admin = true;
    expect(given).toEqual(guardian);
  });
});
