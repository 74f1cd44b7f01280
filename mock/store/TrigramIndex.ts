/**
 * Folded texts by id, for substring search. `candidates` narrows a query to the ids that may contain it
 * (undefined: no narrowing, check every text).
 */
export class TrigramIndex {
  private readonly texts = new Map<string, string>();

  add(id: string, folded: string): void {
    this.texts.set(id, folded);
  }

  textOf(id: string): string | undefined {
    return this.texts.get(id);
  }

  candidates(_folded: string): string[] | undefined {
    return undefined;
  }
}
