import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * The spec as JSON next to its YAML (spec/openapi.yaml → spec/openapi.parsed.json), so a start reads it with
 * JSON.parse (a few ms) instead of parsing 75 KB of YAML (200 to 400 ms on a cold process). The snapshot
 * carries the SHA-256 of the YAML text it came from and is used only when that matches, so an edited spec is
 * never served stale: it is simply parsed again (and `npm run check:generated` asks for a new snapshot).
 */
export interface ParsedSpec {
  comment: string;
  sourceSha256: string;
  document: OpenAPIV3_1.Document;
}

const COMMENT = 'Generated from openapi.yaml by scripts/writeParsedSpec.ts (npm run generate); do not edit. Used only while sourceSha256 matches the YAML.';

export function parsedSpecPath(yamlFile: string): string {
  return yamlFile.replace(/\.ya?ml$/, '') + '.parsed.json';
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The snapshot file's text for a YAML text and the document parsed from it. */
export function serializeParsedSpec(yamlText: string, document: OpenAPIV3_1.Document): string {
  const snapshot: ParsedSpec = { comment: COMMENT, sourceSha256: sha256(yamlText), document };
  return JSON.stringify(snapshot) + '\n';
}

/** The document of the snapshot next to `yamlFile` when it was made from exactly `yamlText`; else undefined. */
export function readParsedSpec(yamlFile: string, yamlText: string): OpenAPIV3_1.Document | undefined {
  let text: string;
  try {
    text = readFileSync(parsedSpecPath(yamlFile), 'utf8');
  } catch {
    return undefined;
  }
  // The hash sits in the first bytes: compare it before parsing the rest.
  const hash = /"sourceSha256":"([0-9a-f]{64})"/.exec(text.slice(0, 400))?.[1];
  if (hash !== sha256(yamlText)) return undefined;
  try {
    return (JSON.parse(text) as ParsedSpec).document;
  } catch {
    return undefined;
  }
}
