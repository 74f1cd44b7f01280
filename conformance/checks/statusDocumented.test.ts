import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { contentType } from './contentType.ts';
import { noServerError } from './noServerError.ts';
import { statusDocumented } from './statusDocumented.ts';

const contract = loadContract();

describe('status-documented', () => {
  it.each([
    ['a documented 200', 'listGroups', 200, []],
    ['a documented 404', 'getGroup', 404, []],
    ['an unknown success', 'listGroups', 206, ['MUST']],
    ['an unknown success of an inferred answer (upload)', 'uploadSyncEntities', 201, ['SHOULD']],
    ['an unknown error status', 'listGroups', 418, ['SHOULD']],
    ['a 5xx (left to no-server-error)', 'listGroups', 503, []],
  ])('%s', (_name, operationId, status, want) => {
    expect(statusDocumented.run({ contract, exchange: fakeExchange(operationId, status, {}) }).map((f) => f.severity)).toEqual(want);
  });
});

describe('content-type', () => {
  it.each([
    ['json', 'listGroups', 200, 'application/json; charset=utf-8', []],
    ['text on a success', 'listGroups', 200, 'text/plain', ['MUST']],
    // "Responses are application/json" is stated: an error in plain JSON is never warned about.
    ['json on an error (problem+json is ours)', 'getGroup', 404, 'application/json', []],
    ['text on an error', 'getGroup', 404, 'text/plain', ['SHOULD']],
    ['problem+json on an error', 'getGroup', 404, 'application/problem+json', []],
  ])('%s', (_name, operationId, status, type, want) => {
    expect(contentType.run({ contract, exchange: fakeExchange(operationId, status, {}, { 'content-type': type }) }).map((f) => f.severity)).toEqual(want);
  });
});

describe('no-server-error', () => {
  it.each([
    [200, 0],
    [404, 0],
    [500, 1],
    [502, 1],
  ])('%i', (status, want) => {
    expect(noServerError.run({ contract, exchange: fakeExchange('listGroups', status, {}) })).toHaveLength(want);
  });
});
