/**
 * value → ids, for the equality lookups (name, admins.user, links). A value held by one id keeps that id
 * alone, not a Set: most names and aliases are unique, and a Set per value costs about a hundred bytes,
 * which at a million groups is a hundred megabytes.
 */
export class SetIndex {
  private readonly map = new Map<string, string | Set<string>>();

  add(value: string, id: string): void {
    const held = this.map.get(value);
    if (held === undefined) this.map.set(value, id);
    else if (typeof held === 'string') {
      if (held !== id) this.map.set(value, new Set([held, id]));
    } else held.add(id);
  }

  delete(value: string, id: string): void {
    const held = this.map.get(value);
    if (held === undefined) return;
    if (typeof held === 'string') {
      if (held === id) this.map.delete(value);
      return;
    }
    held.delete(id);
    if (held.size === 1) this.map.set(value, held.values().next().value as string);
  }

  get(value: string): ReadonlySet<string> {
    const held = this.map.get(value);
    return held === undefined ? EMPTY : typeof held === 'string' ? new Set([held]) : held;
  }

  /** How many ids the value has, without building anything. */
  count(value: string): number {
    const held = this.map.get(value);
    return held === undefined ? 0 : typeof held === 'string' ? 1 : held.size;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
