/**
 * The package's public entry points (`exports` of the package.json it ships, scripts/packagedManifest.ts): each
 * subpath → the compiled module and its declarations, paths relative to the package root (dist/). `types` comes
 * first in each, as TypeScript reads conditions in order (Node's "Conditional exports"). `./types` is types only:
 * the contract's generated `paths` and `components`, for `import type`.
 */
export const PACKAGE_EXPORTS = {
  '.': { types: './mock/inprocess/createMock.d.ts', default: './mock/inprocess/createMock.js' },
  './msw': { types: './mock/inprocess/mockHandlers.d.ts', default: './mock/inprocess/mockHandlers.js' },
  './node': { types: './mock/entries/node.d.ts', default: './mock/entries/node.js' },
  './vite': { types: './mock/node/eduMock.d.ts', default: './mock/node/eduMock.js' },
  './types': { types: './spec/openapi.d.ts' },
  './conformance': { types: './conformance/api/runConformance.d.ts', default: './conformance/api/runConformance.js' },
  './vitest': { types: './conformance/vitest/describeConformance.d.ts', default: './conformance/vitest/describeConformance.js' },
  './package.json': './package.json',
} as const;

/** Every file the map names, relative to the package root without `./`. */
export function exportedFiles(): string[] {
  return Object.values(PACKAGE_EXPORTS)
    .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
    .map((path) => path.slice(2));
}

/** The TypeScript module an entry point is compiled from (its `default` condition, as a repository path). */
export function sourceOf(subpath: keyof typeof PACKAGE_EXPORTS): string {
  const target = PACKAGE_EXPORTS[subpath];
  const js = typeof target === 'string' ? target : 'default' in target ? target.default : target.types;
  return js.slice(2).replace(/\.js$/, '.ts');
}
