import { describe, expect, it } from 'vitest';
import { REMOVE, withValue } from './bodyPaths.ts';

describe('withValue', () => {
  const body = { context: { community: 'c', issuedAt: 't' }, data: { items: [1, 2] } };
  it.each<[string, string, unknown, unknown]>([
    ['replaces a value', '/context/issuedAt', 'x', { context: { community: 'c', issuedAt: 'x' }, data: { items: [1, 2] } }],
    ['removes a key', '/context/issuedAt', REMOVE, { context: { community: 'c' }, data: { items: [1, 2] } }],
    ['removes an array entry', '/data/items/0', REMOVE, { context: { community: 'c', issuedAt: 't' }, data: { items: [2] } }],
    ['adds an absent key under a present parent', '/data/limit', 5, { context: { community: 'c', issuedAt: 't' }, data: { items: [1, 2], limit: 5 } }],
    ['never creates a parent', '/missing/key', 5, body],
  ])('%s', (_name, pointer, value, expected) => {
    expect(withValue(body, pointer, value)).toEqual(expected);
  });

  it('leaves a parent an earlier change turned into a string alone', () => {
    expect(withValue({ context: 'x' }, '/context/issuedAt', 't')).toEqual({ context: 'x' });
  });
});
