/**
 * The in-process entry points must run in a browser bundle: nothing reachable from them may import a `node:`
 * module or use Node's `Buffer` global. They are bundled here as a browser bundler would (esbuild,
 * `--platform=browser`), and what still reaches Node is listed, module by module, below: the list may only
 * shrink. A new `node:` import or `Buffer` use reachable from createMock fails here, and so does one fixed
 * without being struck off the list.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** What still ties createMock to Node, as `module → node:builtin`: the data and the spec are read from disk. */
const STILL_NODE_IMPORTS = [
  'fixtures/defaultDataset.ts → node:crypto',
  'fixtures/defaultDataset.ts → node:fs',
  'fixtures/defaultDataset.ts → node:module',
  'fixtures/defaultDataset.ts → node:path',
  'fixtures/defaultDataset.ts → node:url',
  'fixtures/generate/GenerateContext.ts → node:module',
  'spec/loadDocument.ts → node:fs',
  'spec/loadYaml.ts → node:module',
  'spec/parsedSpec.ts → node:crypto',
  'spec/parsedSpec.ts → node:fs',
];

/** Modules reachable from createMock that use Node's Buffer global (a browser has none). */
const STILL_BUFFER: string[] = [];

async function reachable(entry: string): Promise<{ nodeImports: string[]; buffer: string[] }> {
  const nodeImports = new Set<string>();
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Packages a user installs beside the mock (msw) are theirs to bundle.
    external: ['msw'],
    plugins: [
      {
        name: 'record-node-builtins',
        setup(b) {
          b.onResolve({ filter: /^node:/ }, (args) => {
            nodeImports.add(`${args.importer.replace(`${process.cwd()}/`, '')} → ${args.path}`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
  const buffer = inputs.filter((file) => /\bBuffer\.\w/.test(readFileSync(file, 'utf8')));
  return { nodeImports: [...nodeImports].sort(), buffer: buffer.sort() };
}

describe('the in-process entry points in a browser bundle', () => {
  it('createMock: only the listed modules still reach Node', async () => {
    const found = await reachable('mock/inprocess/createMock.ts');
    expect(found.nodeImports).toEqual(STILL_NODE_IMPORTS);
    expect(found.buffer).toEqual(STILL_BUFFER);
  });

  it('mockHandlers: nothing of Node at all', async () => {
    expect(await reachable('mock/inprocess/mockHandlers.ts')).toEqual({ nodeImports: [], buffer: [] });
  });
});
