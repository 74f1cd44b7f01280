/**
 * The identity rule, written once: a stored record is never changed in place. A write stores a new object
 * (`{ ...old, name }`), so a record's identity says it is unchanged, and presentation keeps what it made of a
 * record per object (mock/present/fragmentCache.ts, storeAnswerCache.ts) without ever being stale.
 *
 * The types say it (`Stored<T>`: the record deep-readonly, as the store hands it out and takes it in), and
 * the tests enforce it at run time: with `freezeRecords` every record is frozen (`freezeStored`), so a
 * mutation anywhere in the mock throws instead of silently changing every session's data.
 */
export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** A record as the store holds it: see the rule above. */
export type Stored<T> = DeepReadonly<T>;

/** Freezes a value and everything it holds (tests: `freezeRecords`), which makes the rule above throw when broken. */
export function freezeStored<T>(value: T): Stored<T> {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value as Stored<T>;
  Object.freeze(value);
  for (const child of Object.values(value as object)) freezeStored(child);
  return value as Stored<T>;
}
