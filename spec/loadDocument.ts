import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import type { OpenAPIV3_1 } from 'openapi-types';

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

const locators = new WeakMap<object, (pointer: string) => string | undefined>();

/** line:column of the element at a JSON Pointer, for documents read by this module (else the pointer itself). */
export function locatePointer(doc: object, pointer: string): string {
  return locators.get(doc)?.(pointer) ?? pointer;
}

export const DEFAULT_SPEC_PATH = new URL('./openapi.yaml', import.meta.url).pathname;

/** Reads and parses the OpenAPI document (YAML anchors resolved); throws SpecError with line:column. */
export function loadDocument(file: string = DEFAULT_SPEC_PATH): OpenAPIV3_1.Document {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SpecError(file, '0:0', `cannot read: ${(error as Error).message}`);
  }
  return parseDocumentText(text, file);
}

export function parseDocumentText(text: string, file = '<inline>'): OpenAPIV3_1.Document {
  const lineCounter = new LineCounter();
  const parsed = parseDocument(text, { lineCounter, uniqueKeys: true });
  const first = parsed.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    throw new SpecError(file, pos ? `${pos.line}:${pos.col}` : '0:0', (first.message.split('\n')[0] ?? first.message).replace(/ at line \d+, column \d+:?$/, ''));
  }
  const doc = parsed.toJS({ maxAliasCount: 10_000 }) as OpenAPIV3_1.Document | null;
  if (!doc || typeof doc !== 'object') throw new SpecError(file, '1:1', 'the document is empty or not a mapping');
  locators.set(doc, (pointer) => {
    const path = pointer.replace(/^#/, '').split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    const node = parsed.getIn(path, true) as { range?: [number, number, number] } | undefined;
    if (!node?.range) return undefined;
    const pos = lineCounter.linePos(node.range[0]);
    return `${pos.line}:${pos.col}`;
  });
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new SpecError(file, '1:1', `expected "openapi: 3.1.x", found ${JSON.stringify(doc.openapi)}`);
  }
  if (!doc.paths || typeof doc.paths !== 'object') throw new SpecError(file, '1:1', 'the document has no paths');
  return doc;
}
