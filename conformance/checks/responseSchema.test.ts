import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { responseSchema } from './responseSchema.ts';

const contract = loadContract();
const group = { _id: 'g1', name: 'A', alias: 'a', active: true, season: '2026' };

describe('response-schema', () => {
  it.each([
    ['a valid group list', 'listGroups', 200, [group], {}, []],
    ['an extra key', 'listGroups', 200, [{ ...group, brandNew: 1 }], {}, []],
    ['an absent optional key', 'listGroups', 200, [{ name: 'only a name' }], {}, []],
    ['an unknown status value', 'listAppInstallations', 200, [{ status: 'frozen' }], {}, []],
    ['an empty fields object', 'getGroup', 200, { ...group, fields: {} }, {}, []],
    ['a wrong type', 'listGroups', 200, [{ ...group, active: 'true' }], {}, [['MUST', 'response[0].active must be boolean']]],
    ['a missing required name', 'getGroup', 200, { _id: 'g1' }, {}, [['MUST', 'response.name is required']]],
    ['season a string in user-info groups', 'getUserInfo', 200, { groups: [{ season: '2026' }] }, {}, [['MUST', 'response.groups[0].season must be number']]],
    ['an inferred element (user.name)', 'getUserInfo', 200, { user: { name: 7 } }, {}, [['SHOULD', 'response.user.name must be string']]],
    [
      'an inferred response (upload receipt)',
      'uploadSyncEntities',
      200,
      { received: { groups: -1 } },
      {},
      [['SHOULD', 'response.received.groups must be >= 0']],
    ],
    ['an inferred header', 'listGroups', 200, [], { 'x-total-count': 'many' }, [['SHOULD', 'header x-total-count must be integer']]],
    ['an inferred error body', 'getGroup', 404, { title: 'x' }, {}, [['SHOULD', 'response.status is required']]],
    ['data action without data', 'getUpdatedUsers', 200, {}, {}, [['MUST', 'response.data is required']]],
    [
      'data action with a non-ISO updatedAt',
      'getUpdatedComponents',
      200,
      { data: [{ updatedAt: 'yesterday' }] },
      {},
      [['MUST', 'response.data[0].updatedAt must match format "date-time"']],
    ],
  ])('%s', (_name, operationId, status, body, headers, want) => {
    const failures = responseSchema.run({ contract, exchange: fakeExchange(operationId, status, body, headers) });
    expect(failures.map((f) => [f.severity, f.message])).toEqual(want);
  });

  it('reports a JSON content type whose body does not parse', () => {
    const failures = responseSchema.run({ contract, exchange: fakeExchange('listGroups', 200, '{oops') });
    expect(failures.map((f) => f.message)).toEqual(['the body is not valid JSON']);
  });
});
