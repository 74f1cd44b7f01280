import { describe, expect, it } from 'vitest';
import { fragmentsOf, JsonFragment, materializeJson, serializeJson } from './JsonFragment.ts';

const group = { _id: 'g1', name: 'Turma "A"', tags: [{ id: 't', name: 'x/y~z' }], fields: {} };
const fragment = new JsonFragment(group, '#/components/schemas/Group', []);

describe('serializeJson', () => {
  it.each([
    ['a bare fragment', fragment],
    ['a list of fragments', [fragment, fragment]],
    ['an envelope', { total: 2, hits: [fragment, fragment] }],
    ['a deeper envelope with gaps', { data: [fragment, undefined, null], skip: undefined, when: new Date(0), n: Number.NaN }],
    ['plain data', { a: [1, 'two', { three: [3] }], b: true, c: null }],
    ['an empty list', []],
    ['a string', 'text'],
  ])('%s: the same bytes as JSON.stringify of the plain answer', (_name, value) => {
    expect(serializeJson(value)).toBe(JSON.stringify(value));
    expect(serializeJson(value)).toBe(JSON.stringify(materializeJson(value)));
  });
});

describe('JsonFragment', () => {
  it('keeps its value private: to a schema check it is an object without keys', () => {
    expect(Object.keys(fragment)).toEqual([]);
    expect(fragment.toPlain()).toEqual(group);
    expect(fragment.toPlain()).not.toBe(fragment.toPlain());
  });
});

describe('fragmentsOf', () => {
  it('names the schemas of the fragments and places their errors at their pointer in the answer', () => {
    const bad = new JsonFragment({ name: 1 }, '#/components/schemas/Group', [{ in: 'response', path: '/name', rule: 'type', message: 'must be string' }]);
    expect(fragmentsOf({ total: 2, hits: [fragment, bad] })).toEqual({
      schemaPointers: new Set(['#/components/schemas/Group']),
      errors: [{ in: 'response', path: '/hits/1/name', rule: 'type', message: 'must be string' }],
    });
    expect(fragmentsOf({ plain: [1, 2] }).schemaPointers.size).toBe(0);
  });
});
