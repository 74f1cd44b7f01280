import { describe, expect, it } from 'vitest';
import { LruCache } from './LruCache.ts';

describe('LruCache', () => {
  it('makes a value once while it stays cached, and drops the least recently used beyond its limit', () => {
    const made: number[] = [];
    const cache = new LruCache<number, { n: number }>(2);
    const make = (n: number) => {
      made.push(n);
      return { n };
    };
    const one = cache.get(1, make);
    cache.get(2, make);
    expect(cache.get(1, make)).toBe(one); // a hit: 1 is now the most recent
    cache.get(3, make); // evicts 2, the least recently used
    expect(cache.size).toBe(2);
    expect(cache.get(1, make)).toBe(one);
    cache.get(2, make);
    expect(made).toEqual([1, 2, 3, 2]);
  });
});

describe('LruCache.find and set', () => {
  it('finds only what was set, and a set beyond the limit drops the least recently used', () => {
    const cache = new LruCache<string, number>(2);
    expect(cache.find('a')).toBeUndefined();
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.find('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.find('b')).toBeUndefined();
    expect([cache.find('a'), cache.find('c')]).toEqual([1, 3]);
  });
});
