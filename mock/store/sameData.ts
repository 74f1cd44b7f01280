/**
 * Node's `util.isDeepStrictEqual` for the values the mock keeps and receives (JSON values, whose objects may
 * hold keys set to undefined), without importing `node:util`, so the handlers and the sync planner run in a
 * browser too. Primitives compare with Object.is (NaN equals NaN, 0 is not -0); arrays element by element;
 * plain objects by their own enumerable keys (a key set to undefined is not a missing key). Anything else
 * (a Date, a Map) is equal only to itself: the mock's records hold none. mock/store/sameData.test.ts holds it
 * to Node's own on generated values.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (!isPlain(a) || !isPlain(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
