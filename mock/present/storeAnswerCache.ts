import type { Contract } from '../../spec/contract.ts';
import { JsonFragment } from './JsonFragment.ts';
import type { Store } from '../store/Store.ts';

/** Answers kept per owner object (a token), at most this many variants each (the request's own inputs). */
const VARIANTS = 16;

interface Generation<O extends object> {
  version: number;
  byOwner: WeakMap<O, Map<string, JsonFragment>>;
}

/**
 * Answers that depend only on a store's state, an owner object (a token record) and a few request inputs
 * (`variant`), presented and checked against `schemaPointer` once and kept until the store's next write:
 * `store.version` moves on every write, reset and import, and a moved version drops everything kept for
 * that store. Memory stays bounded: kept per owner (gone with it), a few variants each.
 */
export function storeAnswerCache<O extends object>(
  schemaPointer: string,
): (contract: Contract, store: Store, owner: O, variant: string, build: () => unknown) => JsonFragment {
  const byStore = new WeakMap<Store, Generation<O>>();
  return (contract, store, owner, variant, build) => {
    let generation = byStore.get(store);
    if (!generation || generation.version !== store.version) byStore.set(store, (generation = { version: store.version, byOwner: new WeakMap() }));
    let variants = generation.byOwner.get(owner);
    let fragment = variants?.get(variant);
    if (fragment) return fragment;
    const value = build();
    fragment = new JsonFragment(value, schemaPointer, contract.validateSchema(schemaPointer, value, 'response'));
    if (!variants) generation.byOwner.set(owner, (variants = new Map()));
    if (variants.size >= VARIANTS) variants.clear();
    variants.set(variant, fragment);
    return fragment;
  };
}
