/**
 * tsc keeps a relative `./x.ts` import as written in the declarations it emits (rewriteRelativeImportExtensions
 * rewrites only the JavaScript), and a user's TypeScript, without allowImportingTsExtensions, reads such an
 * import as an error or an `any`. The package's declarations import `./x.js`, which resolves to `./x.d.ts`; an
 * import of a declaration file itself (`./openapi.d.ts`) stays as it is, since that file ships.
 */
const RELATIVE_TS = /((?:from|import\s*\(?)\s*['"])(\.{1,2}\/[^'"]*?)(?<!\.d)\.ts(['"])/g;

export function rewriteDeclarationImports(declarations: string): string {
  return declarations.replace(RELATIVE_TS, '$1$2.js$3');
}
