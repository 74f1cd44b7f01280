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
    throw new SpecError(file, pos ? `${pos.line}:${pos.col}` : '0:0', first.message.split('\n')[0] ?? first.message);
  }
  const doc = parsed.toJS({ maxAliasCount: 10_000 }) as OpenAPIV3_1.Document | null;
  if (!doc || typeof doc !== 'object') throw new SpecError(file, '1:1', 'the document is empty or not a mapping');
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new SpecError(file, '1:1', `expected "openapi: 3.1.x", found ${JSON.stringify(doc.openapi)}`);
  }
  if (!doc.paths || typeof doc.paths !== 'object') throw new SpecError(file, '1:1', 'the document has no paths');
  return doc;
}
