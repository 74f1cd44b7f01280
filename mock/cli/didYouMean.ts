/** Edit distance (Levenshtein), for suggesting the option a mistyped flag meant. Both strings are short. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The known name closest to `given`, when it is close enough to be a typo (a third of its length, at least 2
 * edits) or `given` is the start of exactly one name (`--cors` for `--cors-origins`); else undefined.
 */
export function didYouMean(given: string, known: readonly string[]): string | undefined {
  const name = given.toLowerCase();
  const prefixed = known.filter((k) => k.startsWith(name));
  if (name.length >= 3 && prefixed.length === 1) return prefixed[0];
  let best: { name: string; cost: number } | undefined;
  for (const candidate of known) {
    const cost = distance(name, candidate);
    if (!best || cost < best.cost) best = { name: candidate, cost };
  }
  return best && best.cost <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}
