import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { memberGroupsScope } from './memberGroupsScope.ts';

const info = (members: unknown[]) => fakeExchange('getUserInfo', 200, { user: { id: 'u' }, Members: members });
const WITH = ['openid', 'related.members', 'related.members.groups'];
const WITHOUT = ['openid', 'related.members'];

describe('member-groups-scope', () => {
  it.each([
    ['groups shown with related.members.groups', info([{ id: 'm', groups: [] }]), WITH, []],
    ['groups left out without it', info([{ id: 'm' }]), WITHOUT, []],
    ['groups shown without it', info([{ id: 'm' }, { id: 'n', groups: [{ id: 'g' }] }]), WITHOUT, ['MUST']],
    ['groups misspelled, shown without it', info([{ id: 'm', Groups: [] }]), WITHOUT, ['MUST']],
    ['groups left out although granted', info([{ id: 'm' }]), WITH, ['SHOULD']],
    ['no members at all', info([]), WITH, []],
    ['a refusal', fakeExchange('getUserInfo', 401, {}), WITHOUT, []],
  ] as const)('%s', (_name, exchange, scopes, want) => {
    expect(memberGroupsScope.run({ exchange, scopes: [...scopes] }).map((f) => f.severity)).toEqual(want);
  });
});
