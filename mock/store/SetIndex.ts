/** Up to this many ids per value are kept in a plain array; more go into a Set. */
const SMALL = 16;

/**
 * value → ids, for the equality lookups (name, admins.user, links). Most values have one id or a few (a class
 * name repeats once a season), so a value keeps a lone id as a string and a few in a small array: a Set per
 * value costs about a hundred bytes, which at a million groups is a hundred megabytes.
 */
export class SetIndex {
  private readonly map = new Map<string, string | string[] | Set<string>>();

  add(value: string, id: string): void {
    const held = this.map.get(value);
    if (held === undefined) this.map.set(value, id);
    else if (typeof held === 'string') {
      if (held !== id) this.map.set(value, [held, id]);
    } else if (Array.isArray(held)) {
      if (held.includes(id)) return;
      if (held.length < SMALL) held.push(id);
      else this.map.set(value, new Set([...held, id]));
    } else held.add(id);
  }

  delete(value: string, id: string): void {
    const held = this.map.get(value);
    if (held === undefined) return;
    if (typeof held === 'string') {
      if (held === id) this.map.delete(value);
    } else if (Array.isArray(held)) {
      const at = held.indexOf(id);
      if (at >= 0) held.splice(at, 1);
      if (held.length === 1) this.map.set(value, held[0] as string);
    } else {
      held.delete(id);
      if (held.size === 1) this.map.set(value, held.values().next().value as string);
    }
  }

  get(value: string): ReadonlySet<string> {
    const held = this.map.get(value);
    return held === undefined ? EMPTY : typeof held === 'string' ? new Set([held]) : Array.isArray(held) ? new Set(held) : held;
  }

  /** How many ids the value has, without building anything. */
  count(value: string): number {
    const held = this.map.get(value);
    return held === undefined ? 0 : typeof held === 'string' ? 1 : Array.isArray(held) ? held.length : held.size;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
