import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { parseStubDefinition } from './parseStubDefinition.ts';

const contract = loadContract(undefined, { compile: 'lazy' });

describe('parseStubDefinition refuses with a 400 naming what is wrong', () => {
  const refused: [string, unknown, RegExp][] = [
    ['not an object', [1], /must be a JSON object/],
    ['an unknown key', { status: 500, retry: 1 }, /Unknown key "retry"/],
    ['an unknown operation', { operationId: 'nope', status: 500 }, /operationId must be one of/],
    ['an operation of the authorization server (no stub stage runs there)', { operationId: 'authorize', status: 500 }, /one of the API operations/],
    ['a path not starting with /', { path: 'v1/groups', status: 500 }, /path must be a path/],
    ['a status out of range', { status: 99 }, /status must be an integer from 200 to 599/],
    ['a fraction of times', { status: 500, times: 1.5 }, /times must be an integer/],
    ['a stub that does nothing', { operationId: 'listGroups' }, /does nothing/],
    ['a reset that also answers', { fault: 'reset', status: 500 }, /sends no answer/],
    ['an unknown fault', { fault: 'explode' }, /fault must be one of reset, hang, truncate/],
    ['hangMs without a hang', { status: 500, hangMs: 10 }, /hangMs goes with/],
    ['an example without an operation', { example: true }, /give operationId too/],
    ['an example that does not exist', { operationId: 'listGroups', example: 'nope' }, /No example named "nope"/],
    ['a body and an example', { operationId: 'listGroups', example: true, body: {} }, /not both/],
    ['a header the mock writes', { status: 200, headers: { 'Content-Length': '3' } }, /the mock's to write/],
    ['a header value that would split the head', { status: 200, headers: { 'X-A': 'a\r\nb' } }, /visible ASCII/],
    ['a path pattern with too many stars', { path: `/${'*a'.repeat(20)}`, status: 500 }, /at most 16/],
    ['an unknown condition', { status: 500, when: { cookie: {} } }, /Unknown key "when.cookie"/],
    ['a delay beyond a minute', { delayMs: 60_001 }, /delayMs must be an integer from 0 to 60000/],
  ];
  it.each(refused)('%s', (_name, body, detail) => {
    let thrown: unknown;
    try {
      parseStubDefinition(body, contract);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpProblem);
    expect((thrown as HttpProblem).status).toBe(400);
    expect((thrown as HttpProblem).detail).toMatch(detail);
  });

  it('takes a whole stub and normalises the method and condition header names', () => {
    expect(
      parseStubDefinition(
        { operationId: 'listGroups', method: 'get', when: { headers: { 'Community-Id': 'c*' } }, status: 503, headers: { 'Retry-After': '2' }, times: 1 },
        contract,
      ),
    ).toEqual({
      operationId: 'listGroups',
      method: 'GET',
      when: { headers: { 'community-id': 'c*' } },
      status: 503,
      headers: { 'Retry-After': '2' },
      times: 1,
    });
  });
});
