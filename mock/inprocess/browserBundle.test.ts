/**
 * The in-process entry points run in a browser: nothing reachable from them imports a `node:` module or uses
 * Node's `Buffer` global (checked by bundling them as a browser bundler would: esbuild, `--platform=browser`),
 * and the bundle of createMock, evaluated in a realm with only web globals, answers a request. A `node:`
 * import or a `Buffer` use that becomes reachable from createMock fails here, naming the module.
 */
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { guardianWithEnrolledMembers } from '../../fixtures/datasetQueries.ts';
import { sourceOf } from '../../scripts/packageExports.ts';
import type { createMock as CreateMock } from './createMock.ts';

/** What still ties createMock to Node, as `module → node:builtin`: nothing (the list may only stay empty). */
const STILL_NODE_IMPORTS: string[] = [];

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
  // The package's `.` and `./msw` entry points, as its exports map names them.
  it('createMock: only the listed modules still reach Node', async () => {
    const found = await reachable(sourceOf('.'));
    expect(found.nodeImports).toEqual(STILL_NODE_IMPORTS);
    expect(found.buffer).toEqual(STILL_BUFFER);
  });

  it('mockHandlers: nothing of Node at all', async () => {
    expect(await reachable(sourceOf('./msw'))).toEqual({ nodeImports: [], buffer: [] });
  });
});

describe('the browser bundle of createMock runs where there is no Node', () => {
  it('answers a list and logs in, in a realm with only web globals (no process, Buffer, require), and is under 1 MB gzipped', async () => {
    const result = await build({
      entryPoints: ['mock/inprocess/createMock.ts'],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'eduMock',
      write: false,
      minify: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    const gzipped = gzipSync(code).length;
    console.log(`createMock browser bundle: ${code.length} bytes, ${gzipped} gzipped`);
    expect(gzipped).toBeLessThan(1024 * 1024);
    // What a page or a worker has, and nothing of Node's.
    const web = {
      TextEncoder,
      TextDecoder,
      URL,
      URLSearchParams,
      Request,
      Response,
      Headers,
      performance,
      setTimeout,
      clearTimeout,
      queueMicrotask,
      structuredClone,
      console,
      ReadableStream,
      DecompressionStream,
      crypto,
      atob,
      btoa,
    };
    const realm = createContext({ ...web });
    runInContext(code, realm);
    const { createMock } = (realm as { eduMock: { createMock: typeof CreateMock } }).eduMock;
    expect(runInContext('typeof process + typeof Buffer + typeof require', realm)).toBe('undefinedundefinedundefined');
    const mock = createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
    const res = await mock.fetch(
      new Request('http://mock.test/v1/groups?limit=2', {
        headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' },
      }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(2);
    expect(mock.session().journal.count({ operationId: 'listGroups' })).toBe(1);
    // The authorization server too: a confidential client's login (its secret and PKCE checked by SHA-256).
    const user = guardianWithEnrolledMembers(mock.session().state.export(), 'colegio-horizonte', '2026')?._id as string;
    const tokens = await mock.session().login({ clientId: 'app-diario-escolar', scopes: ['openid', 'profile'], user });
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'openid profile' });
  });
});
