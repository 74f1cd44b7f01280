/**
 * Ids kept sorted by (key, id), with binary-search insert, remove and lower-bound: the creation-order list
 * of groups and the updatedAt order of users and components. Appends (the common case: a new record is the
 * newest) cost O(1); anything else O(log n) to find plus the array move.
 */
export class SortedIdIndex {
  private keys: string[] = [];
  private ids: string[] = [];

  get size(): number {
    return this.ids.length;
  }

  insert(key: string, id: string): void {
    const last = this.ids.length - 1;
    if (last < 0 || compare(this.keys[last] as string, this.ids[last] as string, key, id) < 0) {
      this.keys.push(key);
      this.ids.push(id);
      return;
    }
    const at = this.lowerBound(key, id);
    this.keys.splice(at, 0, key);
    this.ids.splice(at, 0, id);
  }

  remove(key: string, id: string): void {
    const at = this.lowerBound(key, id);
    if (this.ids[at] === id && this.keys[at] === key) {
      this.keys.splice(at, 1);
      this.ids.splice(at, 1);
    }
  }

  /** First position whose (key, id) is not below the given one. */
  lowerBound(key: string, id = ''): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.keys[mid] as string, this.ids[mid] as string, key, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  slice(start: number, end?: number): string[] {
    return this.ids.slice(start, end);
  }

  idAt(index: number): string | undefined {
    return this.ids[index];
  }

  keyAt(index: number): string | undefined {
    return this.keys[index];
  }
}

function compare(aKey: string, aId: string, bKey: string, bId: string): number {
  if (aKey !== bKey) return aKey < bKey ? -1 : 1;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}
