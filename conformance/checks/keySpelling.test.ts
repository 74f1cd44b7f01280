import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { keySpelling } from './keySpelling.ts';

const contract = loadContract();

describe('key-spelling', () => {
  it.each([
    ['exact keys', 'getUserInfo', { user: { UpdatedAt: 'x', Alias: 'a' }, Members: [] }, []],
    ['updatedAt for UpdatedAt', 'getUserInfo', { user: { updatedAt: 'x' } }, [['MUST', 'response.user.updatedAt', 'UpdatedAt']]],
    ['members for Members', 'getUserInfo', { members: [] }, [['MUST', 'response.members', 'Members']]],
    ['both spellings present (an extra key)', 'getUserInfo', { user: { UpdatedAt: 'x', updatedAt: 'x' } }, []],
    [
      'includes for incudes in a role',
      'listAppInstallations',
      [{ manifest: { roles: { data: [{ Incudes: [] }] } } }],
      [['MUST', 'response[0].manifest.roles.data[0].Incudes', 'incudes']],
    ],
    [
      'includes (one letter more) for incudes in a role',
      'listAppInstallations',
      [{ manifest: { roles: { data: [{ includes: [] }] } } }],
      [['MUST', 'response[0].manifest.roles.data[0].includes', 'incudes']],
    ],
    ['a one-letter slip on a long key', 'getGroup', { name: 'n', synedAt: 'x' }, [['MUST', 'response.synedAt', 'syncedAt']]],
    ['a short key one letter away is not judged', 'getGroup', { name: 'n', nam: 'x' }, []],
    ['a near key beside the documented one', 'listAppInstallations', [{ manifest: { roles: { data: [{ incudes: [], includes: [] }] } } }], []],
    ['Alias in a group', 'getGroup', { name: 'n', Alias: 'a' }, [['MUST', 'response.Alias', 'alias']]],
    ['snake case', 'getGroup', { name: 'n', synced_at: 'x' }, [['MUST', 'response.synced_at', 'syncedAt']]],
    ['an inferred key', 'getUserInfo', { user: { Email: 'x' } }, [['SHOULD', 'response.user.Email', 'email']]],
    ['an unrelated extra key', 'getGroup', { name: 'n', colour: 'red' }, []],
    [
      'namespaced fields',
      'getGroup',
      { name: 'n', fields: { '@education:basic': { Tipo: {} } } },
      [['MUST', 'response.fields["@education:basic"].Tipo', 'tipo']],
    ],
  ])('%s', (_name, operationId, body, want) => {
    const failures = keySpelling.run({ contract, exchange: fakeExchange(operationId, 200, body) });
    expect(failures.map((f) => [f.severity, f.path, f.expected])).toEqual(want);
  });
});
