import { createHash } from 'node:crypto';
import { isRecord } from '../checks/values.ts';

export type Path = Array<string | number>;

/** A record (an object) of a recorded answer, where it is, and in which answer. */
export interface IndexedRecord {
  /** The position of its answer among those indexed (later answers are preferred). */
  answer: number;
  /** Its place in its answer's pre-order walk (earlier places are preferred). */
  order: number;
  path: Path;
  record: Record<string, unknown>;
}

/** How deep records are looked for in an answer (the list, its items, their nested objects). */
const RECORD_DEPTH = 4;
/** How deep strings (ids) and aliases are looked for. */
const VALUE_DEPTH = 16;
/** Fingerprints longer than this are stored as a hash (a big nested list would otherwise be kept twice). */
const FINGERPRINT_CHARS = 96;

/**
 * The recorded answers of a replay, indexed as each is added, once: by a record's (key, value) pairs (what a
 * read-modify-write body is matched on), by string value (where an id came from) and by alias. Each lookup
 * visits the records that share a value with what is looked up, never every record of every answer: a HAR of
 * many writes over many recorded records costs their sum, not their product.
 */
export class RecordIndex {
  /** What the index did, so tests can bound its work by counts rather than time. */
  readonly work = { indexed: 0, visited: 0 };
  private count = 0;
  private readonly byPair = new Map<string, IndexedRecord[]>();
  private readonly byString = new Map<string, Array<{ answer: number; path: Path }>>();
  private readonly byAlias = new Map<string, Array<Record<string, unknown>>>();
  private readonly prints = new WeakMap<object, string>();

  /** Indexes a recorded answer (its records and strings) and the target's actual answer (its aliases). */
  add(recorded: unknown, actual: unknown): number {
    const answer = this.count++;
    let order = 0;
    const records = (node: unknown, path: Path): void => {
      if (path.length > RECORD_DEPTH || node === null || typeof node !== 'object') return;
      if (isRecord(node)) {
        const entry: IndexedRecord = { answer, order: order++, path: [...path], record: node };
        this.work.indexed++;
        for (const [key, value] of Object.entries(node)) push(this.byPair, pairKey(key, this.fingerprint(value)), entry);
      }
      for (const [key, child] of children(node)) {
        path.push(key);
        records(child, path);
        path.pop();
      }
    };
    records(recorded, []);

    // The first place of each string in this answer, in pre-order (the place an id is said to come from).
    const seen = new Set<string>();
    const strings = (node: unknown, path: Path): void => {
      if (typeof node === 'string') {
        if (!seen.has(node)) {
          seen.add(node);
          push(this.byString, node, { answer, path: [...path] });
        }
        return;
      }
      if (path.length > VALUE_DEPTH || node === null || typeof node !== 'object') return;
      for (const [key, child] of children(node)) {
        path.push(key);
        strings(child, path);
        path.pop();
      }
    };
    strings(recorded, []);

    const aliases = new Set<string>();
    const twins = (node: unknown, depth: number): void => {
      if (depth > VALUE_DEPTH || node === null || typeof node !== 'object') return;
      if (isRecord(node) && typeof node.alias === 'string' && !aliases.has(node.alias)) {
        aliases.add(node.alias);
        push(this.byAlias, node.alias, node);
      }
      for (const [, child] of children(node)) twins(child, depth + 1);
    };
    twins(actual, 0);
    return answer;
  }

  /** Where a string first appears in the latest answer holding it. */
  latestPlaceOf(value: string): { answer: number; path: Path } | undefined {
    return this.byString.get(value)?.at(-1);
  }

  /** The target's records with this alias, one per answer, latest answer first. */
  twinsOf(alias: string): Array<Record<string, unknown>> {
    return [...(this.byAlias.get(alias) ?? [])].reverse();
  }

  /**
   * The recorded record sharing the most of `value`'s (key, value) pairs, at least `need` of them, among those
   * `usable` accepts; ties go to the latest answer, then the earliest place. Buckets are walked rarest first, and
   * the walk stops once a record not met yet could share too few pairs: after j buckets it shares at most K − j,
   * which is under `need` after K − need + 1 of them (pigeonhole), and under the best score found as soon as a
   * rare value (an id) found the record the body came from. Each record met is scored once, pair by pair.
   */
  best(value: Record<string, unknown>, need: number, usable: (entry: IndexedRecord) => boolean): IndexedRecord | undefined {
    const pairs = Object.entries(value).map(([key, v]) => ({ key, print: this.fingerprint(v) }));
    const buckets = pairs.map((p) => this.byPair.get(pairKey(p.key, p.print)) ?? []).sort((a, b) => a.length - b.length);
    const seen = new Set<IndexedRecord>();
    let best: { entry: IndexedRecord; score: number } | undefined;
    for (let j = 0; j < buckets.length; j++) {
      const most = pairs.length - j;
      if (most < need || (best && most < best.score)) break;
      for (const entry of buckets[j] as IndexedRecord[]) {
        this.work.visited++;
        if (seen.has(entry)) continue;
        seen.add(entry);
        const score = pairs.filter((p) => Object.hasOwn(entry.record, p.key) && this.fingerprint(entry.record[p.key]) === p.print).length;
        if (score < need || !usable(entry)) continue;
        if (
          !best ||
          score > best.score ||
          (score === best.score && (entry.answer > best.entry.answer || (entry.answer === best.entry.answer && entry.order < best.entry.order)))
        )
          best = { entry, score };
      }
    }
    return best?.entry;
  }

  /**
   * A value's fingerprint: equal for values deepEqual calls equal (object keys in any order), built bottom-up
   * once per object, long ones hashed (a hash starts with '#', which no JSON text does).
   */
  fingerprint(value: unknown): string {
    if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
    const known = this.prints.get(value);
    if (known !== undefined) return known;
    const text = Array.isArray(value)
      ? `[${value.map((v) => this.fingerprint(v)).join(',')}]`
      : `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${this.fingerprint((value as Record<string, unknown>)[k])}`)
          .join(',')}}`;
    const print = text.length > FINGERPRINT_CHARS ? `#${createHash('sha256').update(text).digest('base64url')}` : text;
    this.prints.set(value, print);
    return print;
  }
}

function children(node: object): Array<[string | number, unknown]> {
  return Array.isArray(node) ? node.map((child, i) => [i, child]) : Object.entries(node);
}

function pairKey(key: string, print: string): string {
  return `${key}\u0000${print}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
