import { describe, expect, it } from 'vitest';
import { rewriteDeclarationImports } from './rewriteDeclarationImports.ts';

describe('rewriteDeclarationImports', () => {
  it.each([
    ['a relative re-export', "export { a } from './a.ts';", "export { a } from './a.js';"],
    ['a parent import', "import { type B } from '../b/b.ts';", "import { type B } from '../b/b.js';"],
    ['an import type expression', "x: import('../c.ts').C;", "x: import('../c.js').C;"],
    ['double quotes', 'export * from "./d.ts";', 'export * from "./d.js";'],
    ['a declaration file, shipped as it is', "import type { paths } from '../spec/openapi.d.ts';", "import type { paths } from '../spec/openapi.d.ts';"],
    ['a package', "import type { Express } from 'express';", "import type { Express } from 'express';"],
    ['a package whose name ends in .ts', "import x from 'some.ts';", "import x from 'some.ts';"],
    ['two on one line', "import './a.ts'; export * from './b.ts';", "import './a.js'; export * from './b.js';"],
  ])('%s', (_name, given, want) => {
    expect(rewriteDeclarationImports(given)).toBe(want);
  });
});
