/**
 * Folded texts by id, for substring search. `candidates` narrows a query to the ids that may contain it
 * (undefined: no narrowing, check every text).
 */
export class TrigramIndex {
  private readonly texts = new Map<string, string>();

  static build(ids: readonly string[], fold: (id: string) => string): TrigramIndex {
    const index = new TrigramIndex();
    for (const id of ids) index.texts.set(id, fold(id));
    return index;
  }

  textOf(id: string): string | undefined {
    return this.texts.get(id);
  }

  candidates(_folded: string): string[] | undefined {
    return undefined;
  }
}
