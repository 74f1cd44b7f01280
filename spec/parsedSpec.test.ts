import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildContract } from './contract.ts';
import { DEFAULT_SPEC_PATH, loadDocument, parseDocumentText } from './loadDocument.ts';
import { parsedSpecPath, readParsedSpec, serializeParsedSpec } from './parsedSpec.ts';

const minimal = (pattern: string) =>
  `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: a\n      parameters:\n        - name: q\n          in: query\n          schema: {type: string, pattern: '${pattern}'}\n      responses:\n        '200': {description: ok}\n`;

const dirs: string[] = [];
function specDir(yaml: string, snapshotOf?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'parsed-spec-'));
  dirs.push(dir);
  const file = join(dir, 'openapi.yaml');
  writeFileSync(file, yaml);
  const source = snapshotOf ?? yaml;
  if (snapshotOf !== '') writeFileSync(parsedSpecPath(file), serializeParsedSpec(source, parseDocumentText(source)));
  return file;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the parsed spec snapshot', () => {
  it('the committed snapshot is the committed YAML, parsed', () => {
    const text = readFileSync(DEFAULT_SPEC_PATH, 'utf8');
    const snapshot = readParsedSpec(DEFAULT_SPEC_PATH, text);
    expect(snapshot, 'spec/openapi.parsed.json is stale: npm run generate').toBeDefined();
    expect(snapshot).toStrictEqual(parseDocumentText(text));
  });

  it.each([
    ['a current snapshot is read instead of the YAML', 'current'],
    ['a snapshot of another text is ignored', 'stale'],
    ['no snapshot: the YAML is parsed', 'none'],
  ] as const)('%s', (_name, kind) => {
    const yaml = minimal('x+');
    const other = minimal('y+');
    const file = specDir(yaml, kind === 'current' ? yaml : kind === 'stale' ? other : '');
    const doc = loadDocument(file);
    const pattern = (doc.paths?.['/a']?.get?.parameters?.[0] as { schema: { pattern: string } }).schema.pattern;
    expect(pattern).toBe('x+');
    expect(readParsedSpec(file, yaml) !== undefined).toBe(kind === 'current');
  });

  it('a schema that does not compile still names its YAML line when the snapshot was read', () => {
    const file = specDir(minimal('(x'));
    expect(readParsedSpec(file, readFileSync(file, 'utf8'))).toBeDefined();
    expect(() => buildContract(loadDocument(file), file).compileAll()).toThrow(
      /openapi\.yaml:10:19: #\/paths\/~1a\/get\/parameters\/0\/schema does not compile/,
    );
  });

  it('a snapshot that is not JSON is ignored', () => {
    const file = specDir(minimal('x+'));
    const text = readFileSync(parsedSpecPath(file), 'utf8');
    writeFileSync(parsedSpecPath(file), text.slice(0, text.length / 2));
    expect(readParsedSpec(file, readFileSync(file, 'utf8'))).toBeUndefined();
    expect(loadDocument(file).openapi).toBe('3.1.0');
  });
});
