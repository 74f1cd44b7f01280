/** Above this many distinct bytes the code space (K³) would be too large for flat arrays: no index then. */
const MAX_ALPHABET = 200;

/**
 * A substring index over folded texts (design: "search at a million rows"): every text's distinct
 * trigrams, each with the ascending list of the texts that contain it, stored flat (CSR: one Int32Array of
 * postings and one of offsets, no object per list). A query's trigram lists are intersected, rarest first,
 * and the few texts left are checked with `includes`, so the answer is exact and never a scan. Built once,
 * from texts that never change; characters are numbered as met (a flat table, not a Map: the build looks up
 * every character of every text twice), so a trigram is a small integer.
 */
export class TrigramIndex {
  private constructor(
    /** Every text as its bytes' numbers, one after the other; text `ord` is `letters[starts[ord], starts[ord + 1])`. */
    private readonly letters: Uint8Array,
    private readonly starts: Int32Array,
    private readonly alphabet: Uint8Array,
    private readonly k: number,
    /** 1 for a trigram whose list is not kept (it is in too many texts to narrow a search). */
    private readonly common: Uint8Array,
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
  ) {}

  /**
   * Indexes `count` texts, numbered 0 to count - 1 (the number is what a search answers). The texts are kept
   * as their UTF-8 bytes, not as strings: a million strings would cost a hundred megabytes and every garbage
   * collection would walk them. Trigrams are of bytes, which finds exactly the same substrings as characters
   * do (UTF-8 never matches in the middle of a character). Undefined when the texts use too many distinct
   * bytes for the flat layout (then: a scan).
   */
  static build(count: number, textAt: (ord: number) => string): TrigramIndex | undefined {
    const starts = new Int32Array(count + 1);
    // Sized from the first texts, so that a million texts are neither copied while growing nor at the end.
    let sample = 0;
    for (let ord = 0; ord < Math.min(count, 256); ord++) sample += textAt(ord).length;
    let bytes = new Uint8Array(Math.max(64, Math.ceil((sample / Math.max(1, Math.min(count, 256))) * 1.25 * count)));
    let at = 0;
    for (let ord = 0; ord < count; ord++) {
      const text = textAt(ord);
      if (at + text.length * 3 > bytes.length) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, at + text.length * 3));
        grown.set(bytes.subarray(0, at));
        bytes = grown;
      }
      at += UTF8.encodeInto(text, bytes.subarray(at)).written;
      starts[ord + 1] = at;
    }
    const letters = at < bytes.length * 0.75 ? bytes.slice(0, at) : bytes.subarray(0, at);
    // Bytes numbered as met, from 1: a trigram is then a small integer (K³ codes for K distinct bytes).
    const alphabet = new Uint8Array(256);
    let known = 0;
    for (let i = 0; i < letters.length; i++) {
      const b = letters[i] as number;
      let letter = alphabet[b] as number;
      if (letter === 0) {
        if (++known > MAX_ALPHABET) return undefined;
        alphabet[b] = letter = known;
      }
      letters[i] = letter;
    }
    const k = known + 1;
    const space = k * k * k;
    const offsets = new Int32Array(space + 1);
    countTrigrams(letters, starts, k, offsets);
    // A trigram in a large share of the texts narrows nothing: its list is not kept (most of the postings of
    // generated class names: " - ", "tur", "ano"), and a query made only of such trigrams checks every text.
    const common = new Uint8Array(space);
    const tooCommon = Math.max(COMMON_FLOOR, count * COMMON_SHARE);
    for (let code = 0; code < space; code++) {
      if ((offsets[code + 1] as number) > tooCommon) {
        common[code] = 1;
        offsets[code + 1] = 0;
      }
    }
    for (let i = 1; i <= space; i++) offsets[i] = (offsets[i] as number) + (offsets[i - 1] as number);
    const postings = new Int32Array(offsets[space] as number);
    fillPostings(letters, starts, k, offsets.slice(0, space), common, postings);
    return new TrigramIndex(letters, starts, alphabet, k, common, offsets, postings);
  }

  /**
   * The numbers of the texts that contain `folded`, ascending; undefined for a query shorter than a trigram (3 bytes)
   * (the caller scans: a one- or two-letter search matches most texts anyway).
   */
  search(folded: string): Int32Array | undefined {
    const query = UTF8.encode(folded);
    if (query.length < 3) return undefined;
    for (let i = 0; i < query.length; i++) {
      const letter = this.alphabet[query[i] as number] as number;
      // A byte no text has: nothing can match.
      if (letter === 0) return new Int32Array(0);
      query[i] = letter;
    }
    const k = this.k;
    const lists: Array<[number, number]> = [];
    const seen = new Set<number>();
    for (let i = 2; i < query.length; i++) {
      const code = ((query[i - 2] as number) * k + (query[i - 1] as number)) * k + (query[i] as number);
      if (seen.has(code) || this.common[code] === 1) continue;
      seen.add(code);
      lists.push([this.offsets[code] as number, this.offsets[code + 1] as number]);
    }
    const texts = this.starts.length - 1;
    // Every trigram present does not make the substring present ("abcab" has those of "bcabc"): verify.
    const out = new Int32Array(lists.length === 0 ? texts : Math.min(...lists.map(([from, to]) => to - from)));
    let n = 0;
    if (lists.length === 0) {
      for (let ord = 0; ord < texts; ord++) if (this.contains(ord, query)) out[n++] = ord;
      return out.subarray(0, n);
    }
    lists.sort((x, y) => x[1] - x[0] - (y[1] - y[0]));
    const [first] = lists as [[number, number]];
    let current: Int32Array = this.postings.subarray(first[0], first[1]);
    for (const [from, to] of lists.slice(1)) {
      if (current.length === 0) break;
      current = intersect(current, this.postings, from, to);
    }
    for (const ord of current) if (this.contains(ord, query)) out[n++] = ord;
    return out.subarray(0, n);
  }

  private contains(ord: number, query: Uint8Array): boolean {
    const from = this.starts[ord] as number;
    const last = (this.starts[ord + 1] as number) - query.length;
    for (let at = from; at <= last; at++) {
      let i = 0;
      while (i < query.length && this.letters[at + i] === query[i]) i++;
      if (i === query.length) return true;
    }
    return false;
  }
}

const UTF8 = new TextEncoder();
/** A trigram in more than this share of the texts (and more than COMMON_FLOOR of them) keeps no list. */
const COMMON_SHARE = 1 / 8;
const COMMON_FLOOR = 4_096;

/** Counts, per trigram code, the texts holding it (each text once: `seen` remembers the last text per code). */
function countTrigrams(letters: Uint8Array, starts: Int32Array, k: number, counts: Int32Array): void {
  const seen = new Int32Array(counts.length - 1);
  const kk = k * k;
  for (let ord = 0; ord + 1 < starts.length; ord++) {
    const from = starts[ord] as number;
    const end = starts[ord + 1] as number;
    if (end - from < 3) continue;
    const mark = ord + 1;
    let code = (letters[from] as number) * k + (letters[from + 1] as number);
    for (let i = from + 2; i < end; i++) {
      code = (code % kk) * k + (letters[i] as number);
      if (seen[code] !== mark) {
        seen[code] = mark;
        counts[code + 1] = (counts[code + 1] as number) + 1;
      }
    }
  }
}

/**
 * Writes each text's number into the lists of its trigrams, in text order: every list comes out ascending.
 * The same walk as countTrigrams on purpose: one loop with a callback per trigram (sixty million of them at a
 * million groups) cost more than the walk itself.
 */
function fillPostings(letters: Uint8Array, starts: Int32Array, k: number, cursor: Int32Array, common: Uint8Array, postings: Int32Array): void {
  const seen = new Int32Array(cursor.length);
  const kk = k * k;
  for (let ord = 0; ord + 1 < starts.length; ord++) {
    const from = starts[ord] as number;
    const end = starts[ord + 1] as number;
    if (end - from < 3) continue;
    const mark = ord + 1;
    let code = (letters[from] as number) * k + (letters[from + 1] as number);
    for (let i = from + 2; i < end; i++) {
      code = (code % kk) * k + (letters[i] as number);
      if (seen[code] !== mark && common[code] === 0) {
        seen[code] = mark;
        const next = cursor[code] as number;
        postings[next] = ord;
        cursor[code] = next + 1;
      }
    }
  }
}

/** Sorted `a` ∩ sorted `postings[from, to)`, galloping through the longer list. */
function intersect(a: Int32Array, postings: Int32Array, from: number, to: number): Int32Array {
  const out = new Int32Array(Math.min(a.length, to - from));
  let n = 0;
  let j = from;
  for (let i = 0; i < a.length && j < to; i++) {
    const want = a[i] as number;
    // Gallop, then binary search, for the first posting >= want.
    let step = 1;
    while (j + step < to && (postings[j + step] as number) < want) step *= 2;
    let lo = j;
    let hi = Math.min(j + step, to - 1);
    if ((postings[hi] as number) < want) {
      j = to;
      break;
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((postings[mid] as number) < want) lo = mid + 1;
      else hi = mid;
    }
    j = lo;
    if (postings[j] === want) out[n++] = want;
  }
  return out.subarray(0, n);
}
