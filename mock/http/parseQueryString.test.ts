import { parse } from 'node:querystring';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from './parseQueryString.ts';

// The characters that steer the parser, a few ordinary ones, and some that are not ASCII (é, a surrogate pair).
const steering = fc.constantFrom('&', '=', '+', '%', '%2', '%41', '%C3%A9', '%E9', '%zz', '%%', 'a', 'b', '1', 'F', 'é', '😀', '\uD800', '__proto__', ' ', '?');

/** Node's result as a plain comparable value (both have no prototype). */
const plain = (value: object) => JSON.parse(JSON.stringify(value)) as unknown;

describe('parseQueryString reads a query as Node’s querystring.parse does', () => {
  it.each([
    ['', {}],
    ['a=1&b=2', { a: '1', b: '2' }],
    ['a=1&a=2&a=3', { a: ['1', '2', '3'] }],
    ['q=turma+azul', { q: 'turma azul' }],
    ['q=%C3%A9cole', { q: 'école' }],
    ['q=%E9', { q: '\uFFFD' }],
    ['q=100%', { q: '100%' }],
    ['flag&x=', { flag: '', x: '' }],
    ['&&a=1&&', { a: '1' }],
    ['=v', { '': 'v' }],
    ['a==b', { a: '=b' }],
  ])('%j', (query, want) => {
    expect(plain(parseQueryString(query))).toEqual(want);
    expect(plain(parse(query))).toEqual(want);
  });

  it('agrees with Node on generated strings', () => {
    fc.assert(
      fc.property(fc.array(steering, { maxLength: 24 }), (parts) => {
        const query = parts.join('');
        expect(plain(parseQueryString(query))).toEqual(plain(parse(query)));
      }),
      { numRuns: 3000, seed: 27 },
    );
  });

  it('reads at most 1000 pairs, and a __proto__ parameter is an ordinary key', () => {
    const many = Array.from({ length: 1005 }, (_, i) => `k${i}=${i}`).join('&');
    expect(Object.keys(parseQueryString(many))).toHaveLength(1000);
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor']);
    expect(parsed['__proto__']).toBe('x');
  });
});
