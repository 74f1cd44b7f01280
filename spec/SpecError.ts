/** A spec that cannot be read, parsed or compiled: names the file, the location and the reason. */
export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly location: string,
    readonly reason: string,
  ) {
    super(`${file}:${location}: ${reason}`);
    this.name = 'SpecError';
  }
}

// Kept apart from the reading of files (loadDocument.ts), so a contract built from a document in hand
// (buildContract, in a browser too) reports errors without loading Node's file system.
const locators = new WeakMap<object, (pointer: string) => string | undefined>();

/** line:column of the element at a JSON Pointer, for documents read by loadDocument.ts (else the pointer itself). */
export function locatePointer(doc: object, pointer: string): string {
  return locators.get(doc)?.(pointer) ?? pointer;
}

/** How locatePointer finds a document's elements in the text it was read from. */
export function registerLocator(doc: object, locate: (pointer: string) => string | undefined): void {
  locators.set(doc, locate);
}
