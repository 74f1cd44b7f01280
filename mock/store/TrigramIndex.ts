/** Above this many distinct characters the code space (K³) would be too large for flat arrays: no index then. */
const MAX_ALPHABET = 200;

/**
 * A substring index over folded texts (design: "search at a million rows"): every text's distinct
 * trigrams, each with the ascending list of the texts that contain it, stored flat (CSR: one Int32Array of
 * postings and one of offsets, no object per list). A query's trigram lists are intersected, rarest first,
 * and the few texts left are checked with `includes`, so the answer is exact and never a scan. Built once,
 * from texts that never change; characters are numbered as met, so a trigram is a small integer.
 */
export class TrigramIndex {
  private constructor(
    private readonly ids: readonly string[],
    private readonly texts: readonly string[],
    private readonly alphabet: Map<number, number>,
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
  ) {}

  /** Undefined when the texts use too many distinct characters for the flat layout (then: a scan). */
  static build(ids: readonly string[], fold: (id: string) => string): TrigramIndex | undefined {
    const texts = ids.map(fold);
    const alphabet = new Map<number, number>();
    for (const text of texts) {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (!alphabet.has(c)) alphabet.set(c, alphabet.size + 1);
      }
      if (alphabet.size > MAX_ALPHABET) return undefined;
    }
    const k = alphabet.size + 1;
    const space = k * k * k;
    const counts = new Int32Array(space + 1);
    const lastSeen = new Int32Array(space);
    const codes = (text: string, each: (code: number) => void): void => {
      let a = 0;
      let b = 0;
      for (let i = 0; i < text.length; i++) {
        const c = alphabet.get(text.charCodeAt(i)) as number;
        if (i >= 2) each((a * k + b) * k + c);
        a = b;
        b = c;
      }
    };
    texts.forEach((text, ord) => {
      codes(text, (code) => {
        if (lastSeen[code] === ord + 1) return;
        lastSeen[code] = ord + 1;
        counts[code + 1] = (counts[code + 1] as number) + 1;
      });
    });
    for (let i = 1; i <= space; i++) counts[i] = (counts[i] as number) + (counts[i - 1] as number);
    const offsets = counts;
    const postings = new Int32Array(offsets[space] as number);
    const cursor = offsets.slice(0, space);
    lastSeen.fill(0);
    texts.forEach((text, ord) => {
      codes(text, (code) => {
        if (lastSeen[code] === ord + 1) return;
        lastSeen[code] = ord + 1;
        const at = cursor[code] as number;
        postings[at] = ord;
        cursor[code] = at + 1;
      });
    });
    return new TrigramIndex(ids, texts, alphabet, offsets, postings);
  }

  /**
   * The ids whose text contains `folded`, in the order they were given; undefined for a query shorter than a
   * trigram (the caller scans: a one- or two-letter search matches most texts anyway).
   */
  search(folded: string): string[] | undefined {
    if (folded.length < 3) return undefined;
    const k = this.alphabet.size + 1;
    const lists: Array<[number, number]> = [];
    const seen = new Set<number>();
    for (let i = 2; i < folded.length; i++) {
      const a = this.alphabet.get(folded.charCodeAt(i - 2));
      const b = this.alphabet.get(folded.charCodeAt(i - 1));
      const c = this.alphabet.get(folded.charCodeAt(i));
      // A character no text has: nothing can match.
      if (a === undefined || b === undefined || c === undefined) return [];
      const code = (a * k + b) * k + c;
      if (seen.has(code)) continue;
      seen.add(code);
      lists.push([this.offsets[code] as number, this.offsets[code + 1] as number]);
    }
    lists.sort((x, y) => x[1] - x[0] - (y[1] - y[0]));
    const [first] = lists as [[number, number]];
    let current: Int32Array = this.postings.subarray(first[0], first[1]);
    for (const [from, to] of lists.slice(1)) {
      if (current.length === 0) break;
      current = intersect(current, this.postings, from, to);
    }
    const out: string[] = [];
    for (const ord of current) if ((this.texts[ord] as string).includes(folded)) out.push(this.ids[ord] as string);
    return out;
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
