import type { Contract } from '../../spec/contract.ts';
import { JsonFragment } from './JsonFragment.ts';

/** Fragments kept per presenter, at most twice this many: bounded memory with a million records. */
export const FRAGMENT_CACHE_SIZE = 50_000;

/**
 * A presenter whose answers are kept per record object: records are never changed in place (the identity
 * rule, mock/store/Stored.ts), so a record's presented JSON, checked once against `schemaPointer`, stays right until
 * the record is replaced, and a replaced record is simply a new key. Two generations bound the memory: when
 * the young one is full it becomes the old one, and what is read again from the old one moves back.
 */
export function fragmentCache<R extends object>(
  present: (record: R) => unknown,
  schemaPointer: string,
  size = FRAGMENT_CACHE_SIZE,
): (contract: Contract, record: R) => JsonFragment {
  let young = new Map<R, JsonFragment>();
  let old = new Map<R, JsonFragment>();
  const keep = (record: R, fragment: JsonFragment): void => {
    if (young.size >= size) {
      old = young;
      young = new Map();
    }
    young.set(record, fragment);
  };
  return (contract, record) => {
    let fragment = young.get(record);
    if (fragment) return fragment;
    fragment = old.get(record);
    if (!fragment) {
      const value = present(record);
      fragment = new JsonFragment(value, schemaPointer, contract.validateSchema(schemaPointer, value, 'response'));
    }
    keep(record, fragment);
    return fragment;
  };
}
