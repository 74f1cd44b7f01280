import { describe, expect, it } from 'vitest';
import { buildContract } from './contract.ts';
import { parseDocumentText, SpecError } from './loadDocument.ts';

const minimal = (paths: string) => `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n${paths}`;

describe('a spec that cannot be used fails with the file, the location and the reason', () => {
  it.each([
    ['unparseable YAML', 'openapi: 3.1.0\npaths: {a: [}\n', /^spec\.yaml:2:\d+: /],
    ['a duplicate key', 'openapi: 3.1.0\nopenapi: 3.1.0\npaths: {}\n', /^spec\.yaml:2:1: Map keys must be unique/],
    ['not a mapping', '- 1\n', /^spec\.yaml:1:1: /],
    ['OpenAPI 3.0', 'openapi: 3.0.3\npaths: {}\n', /^spec\.yaml:1:1: expected "openapi: 3\.1\.x", found "3\.0\.3"/],
    ['no paths', 'openapi: 3.1.0\ninfo: {}\n', /^spec\.yaml:1:1: the document has no paths/],
  ])('%s', (_name, text, message) => {
    expect(() => parseDocumentText(text, 'spec.yaml')).toThrow(SpecError);
    expect(() => parseDocumentText(text, 'spec.yaml')).toThrow(message);
  });

  it('a schema that does not compile names its line and pointer', () => {
    const text = minimal(
      `  /a:\n    get:\n      operationId: a\n      parameters:\n        - name: q\n          in: query\n          schema: {type: string, pattern: '(x'}\n      responses:\n        '200': {description: ok}\n`,
    );
    expect(() => buildContract(parseDocumentText(text, 'spec.yaml'), 'spec.yaml')).toThrow(
      /^spec\.yaml:10:19: #\/paths\/~1a\/get\/parameters\/0\/schema does not compile: Invalid regular expression/,
    );
  });

  it.each([
    ['a missing operationId', `  /a:\n    get:\n      responses: {'200': {description: ok}}\n`, /has no operationId/],
    [
      'a duplicate operationId',
      `  /a:\n    get: {operationId: x, responses: {'200': {description: ok}}}\n  /b:\n    get: {operationId: x, responses: {'200': {description: ok}}}\n`,
      /operationId x is used twice/,
    ],
    [
      'an unresolved reference',
      `  /a:\n    get:\n      operationId: a\n      parameters: [{$ref: '#/components/parameters/Nope'}]\n      responses: {'200': {description: ok}}\n`,
      /unresolved reference #\/components\/parameters\/Nope/,
    ],
  ])('%s', (_name, paths, message) => {
    expect(() => buildContract(parseDocumentText(minimal(paths), 'spec.yaml'), 'spec.yaml')).toThrow(message);
  });
});
