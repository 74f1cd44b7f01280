/**
 * Freezes a value and everything it holds. Stored records are never changed in place (a write replaces the
 * object), so the tests freeze them all: a mutation anywhere in the mock then throws instead of silently
 * changing every session's data.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value as object)) deepFreeze(child);
  return value;
}
