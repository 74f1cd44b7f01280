import type { Contract } from '../../spec/contract.ts';
import { JsonFragment } from '../http/JsonFragment.ts';

/**
 * A presenter whose answers are kept per record object: the store never changes a record in place (a write
 * puts a new object), so a record's presented JSON, checked once against `schemaPointer`, stays right until
 * the record is replaced, and a replaced record is simply a new key (WeakMap: nothing to invalidate, nothing
 * kept for a record the store let go of).
 */
export function fragmentCache<R extends object>(present: (record: R) => unknown, schemaPointer: string): (contract: Contract, record: R) => JsonFragment {
  const cache = new WeakMap<R, JsonFragment>();
  return (contract, record) => {
    let fragment = cache.get(record);
    if (!fragment) {
      const value = present(record);
      fragment = new JsonFragment(value, schemaPointer, contract.validateSchema(schemaPointer, value, 'response'));
      cache.set(record, fragment);
    }
    return fragment;
  };
}
