import type { Contract } from '../../spec/contract.ts';

const cache = new WeakMap<Contract, ReadonlyMap<string, readonly string[]>>();

/**
 * Which `user` keys each scope shows, as the spec's `x-user-keys-by-scope` on getUserInfo says (the `x-`
 * entries of that object are its own annotations, not scopes). Read from the document, never copied here.
 */
export function userKeysByScope(contract: Contract): ReadonlyMap<string, readonly string[]> {
  const known = cache.get(contract);
  if (known) return known;
  const raw = (contract.operation('getUserInfo').raw as Record<string, unknown>)['x-user-keys-by-scope'];
  if (!raw || typeof raw !== 'object') throw new Error('spec: getUserInfo has no x-user-keys-by-scope');
  const mapping = new Map<string, readonly string[]>();
  for (const [scope, keys] of Object.entries(raw)) {
    if (scope.startsWith('x-')) continue;
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) throw new Error(`spec: x-user-keys-by-scope.${scope} is not a list of keys`);
    mapping.set(scope, keys as string[]);
  }
  cache.set(contract, mapping);
  return mapping;
}
