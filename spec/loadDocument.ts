import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadYaml } from './loadYaml.ts';
import { readParsedSpec } from './parsedSpec.ts';
import { locatePointer, registerLocator, SpecError } from './SpecError.ts';

export { locatePointer, SpecError };

export const DEFAULT_SPEC_PATH = new URL('./openapi.yaml', import.meta.url).pathname;

/**
 * Reads and parses the OpenAPI document (YAML anchors resolved); throws SpecError with line:column. A current
 * JSON snapshot of the same text (spec/parsedSpec.ts) stands in for the YAML parse, which dominates a start.
 */
export function loadDocument(file: string = DEFAULT_SPEC_PATH): OpenAPIV3_1.Document {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SpecError(file, '0:0', `cannot read: ${(error as Error).message}`);
  }
  const snapshot = readParsedSpec(file, text);
  if (!snapshot) return parseDocumentText(text, file);
  // Line numbers are only wanted for an error: parse the YAML then, not at every start.
  let locate: ((pointer: string) => string | undefined) | undefined;
  registerLocator(snapshot, (pointer) => (locate ??= parseYaml(text, file).locate)(pointer));
  return checkDocument(snapshot, file);
}

export function parseDocumentText(text: string, file = '<inline>'): OpenAPIV3_1.Document {
  const { doc, locate } = parseYaml(text, file);
  registerLocator(doc, locate);
  return checkDocument(doc, file);
}

function parseYaml(text: string, file: string): { doc: OpenAPIV3_1.Document; locate: (pointer: string) => string | undefined } {
  const { LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  const parsed = parseDocument(text, { lineCounter, uniqueKeys: true });
  const first = parsed.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    throw new SpecError(
      file,
      pos ? `${pos.line}:${pos.col}` : '0:0',
      (first.message.split('\n')[0] ?? first.message).replace(/ at line \d+, column \d+:?$/, ''),
    );
  }
  const doc = parsed.toJS({ maxAliasCount: 10_000 }) as OpenAPIV3_1.Document | null;
  if (!doc || typeof doc !== 'object') throw new SpecError(file, '1:1', 'the document is empty or not a mapping');
  const locate = (pointer: string): string | undefined => {
    const path = pointer
      .replace(/^#/, '')
      .split('/')
      .slice(1)
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    const node = parsed.getIn(path, true) as { range?: [number, number, number] } | undefined;
    if (!node?.range) return undefined;
    const pos = lineCounter.linePos(node.range[0]);
    return `${pos.line}:${pos.col}`;
  };
  return { doc, locate };
}

function checkDocument(doc: OpenAPIV3_1.Document, file: string): OpenAPIV3_1.Document {
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new SpecError(file, '1:1', `expected "openapi: 3.1.x", found ${JSON.stringify(doc.openapi)}`);
  }
  if (!doc.paths || typeof doc.paths !== 'object') throw new SpecError(file, '1:1', 'the document has no paths');
  return doc;
}
