import { describe, expect, it } from 'vitest';
import { readFormParams } from './readFormParams.ts';

describe('readFormParams (RFC 6749 §3.1)', () => {
  it.each([
    ['plain parameters', 'a=1&b=2', { a: '1', b: '2' }, []],
    ['an empty value is omitted', 'a=&b=2', { b: '2' }, []],
    ['a repeated parameter is reported', 'a=1&a=2', { a: '2' }, ['a']],
    ['an empty repeat is not a repeat', 'a=1&a=', { a: '1' }, []],
    [
      '__proto__ is just a name',
      '__proto__=x&constructor=y',
      Object.fromEntries([
        ['__proto__', 'x'],
        ['constructor', 'y'],
      ]),
      [],
    ],
  ])('%s', (_name, query, params, repeated) => {
    const read = readFormParams(new URLSearchParams(query));
    expect(Object.entries(read.params)).toEqual(Object.entries(params));
    expect(Object.getPrototypeOf(read.params)).toBeNull();
    expect(read.repeated).toEqual(repeated);
  });
});
