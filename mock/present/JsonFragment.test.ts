import { describe, expect, it } from 'vitest';
import { encodeJson, fragmentsOf, isFragmentEnvelope, JsonFragment, materializeJson, serializeJson } from './JsonFragment.ts';

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

describe('encodeJson', () => {
  const accented = new JsonFragment({ name: 'Educação Física — 6º ano' }, '#/components/schemas/Group', []);
  it.each([
    ['a bare fragment', fragment],
    ['a list of fragments', [fragment, accented, fragment]],
    ['an envelope', { total: 2, hits: [accented, fragment], note: 'ação' }],
    ['a deeper envelope with gaps', { data: [fragment, undefined, null], skip: undefined, when: new Date(0), n: Number.NaN }],
    ['plain data', { a: [1, 'two', { three: [3] }], b: true, c: 'çã' }],
    ['an empty list', []],
    ['a string', 'text'],
    ['nothing but gaps', [undefined, () => 1, { a: undefined }]],
    ['odd keys', { 'çã"\\': [accented], '': 0 }],
  ])('%s: the text of JSON.stringify, and its length in UTF-8', (_name, value) => {
    const { text, byteLength } = encodeJson(value);
    expect(text).toBe(JSON.stringify(value));
    expect(byteLength).toBe(Buffer.byteLength(text, 'utf8'));
  });
});

describe('isFragmentEnvelope', () => {
  it.each([
    ['a fragment', fragment, true],
    ['a page of fragments', [fragment, fragment], true],
    ['an envelope of scalars and fragments', { total: 2, hits: [fragment], next: null }, true],
    ['an empty page', [], true],
    ['plain records', [{ a: 1 }], false],
    ['an envelope holding a plain object', { total: 1, hits: [fragment], meta: { a: 1 } }, false],
    ['a scalar', 1, false],
  ])('%s: %s', (_name, value, want) => {
    expect(isFragmentEnvelope(value)).toBe(want);
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
