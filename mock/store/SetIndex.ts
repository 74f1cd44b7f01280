/** value → set of ids, for the equality filters (name, season, admins.user, alias of links). */
export class SetIndex {
  private readonly map = new Map<string, Set<string>>();

  add(value: string, id: string): void {
    let set = this.map.get(value);
    if (!set) this.map.set(value, (set = new Set()));
    set.add(id);
  }

  delete(value: string, id: string): void {
    const set = this.map.get(value);
    if (!set) return;
    set.delete(id);
    if (set.size === 0) this.map.delete(value);
  }

  get(value: string): ReadonlySet<string> {
    return this.map.get(value) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
