import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { Store } from '../store/Store.ts';
import { storeAnswerCache } from './storeAnswerCache.ts';

const contract = loadContract();

describe('storeAnswerCache', () => {
  it('builds an answer once per owner and variant, and again after the store was written', () => {
    const store = { version: 1 } as { version: number } as Store;
    const owner = {};
    let built = 0;
    const cached = storeAnswerCache<object>('#/components/schemas/UserInfo');
    const build = () => (built++, { user: { id: `u${built}` } });
    const first = cached(contract, store, owner, 'groups', build);
    expect(cached(contract, store, owner, 'groups', build)).toBe(first);
    expect(built).toBe(1);
    cached(contract, store, owner, 'members', build);
    cached(contract, store, {}, 'groups', build);
    expect(built).toBe(3);
    (store as { version: number }).version = 2;
    const after = cached(contract, store, owner, 'groups', build);
    expect(after).not.toBe(first);
    expect(after.json).toBe(`{"user":{"id":"u4"}}`);
  });

  it('keeps each store apart', () => {
    const cached = storeAnswerCache<object>('#/components/schemas/UserInfo');
    const owner = {};
    const a = cached(contract, { version: 0 } as Store, owner, '', () => ({ community: { name: 'A' } }));
    const b = cached(contract, { version: 0 } as Store, owner, '', () => ({ community: { name: 'B' } }));
    expect([a.json, b.json]).toEqual(['{"community":{"name":"A"}}', '{"community":{"name":"B"}}']);
  });

  it('checks what it builds against the schema, once', () => {
    const cached = storeAnswerCache<object>('#/components/schemas/UserInfo');
    const fragment = cached(contract, { version: 0 } as Store, {}, '', () => ({ user: 'not an object' }));
    expect(fragment.errors.map((e) => `${e.path} ${e.message}`)).toContain('/user must be object');
  });
});
