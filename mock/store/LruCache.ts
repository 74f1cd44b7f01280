/**
 * The most recently used values, at most `limit` of them (a Map keeps insertion order: a hit moves its entry
 * to the end, and the first entry is the least recently used). The group records a block of rows (GroupRows
 * in records.ts) builds on demand stay the same objects while they are read, so what is cached per record
 * (its presented JSON) keeps working; a request's parsed headers are kept the same way, bounded.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K, make: (key: K) => V): V {
    const held = this.find(key);
    if (held !== undefined) return held;
    const value = make(key);
    this.set(key, value);
    return value;
  }

  find(key: K): V | undefined {
    const held = this.map.get(key);
    if (held !== undefined) {
      this.map.delete(key);
      this.map.set(key, held);
    }
    return held;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as K);
  }
}
