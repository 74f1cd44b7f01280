import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Contract } from '../../spec/contract.ts';
import { type MockRoute, type RouteAnswer, textAnswer } from '../exchange/MockRoute.ts';
import { escapeHtml } from '../oauth/escapeHtml.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { createSpecTexts } from './servedSpec.ts';
import { tryItOutSpec, tryItOutValues } from './tryItOutSpec.ts';

/** swagger-ui-dist's folder, wherever npm put it (the repository or an installed package). */
export const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** This module's own pages and scripts (the docs' start-up script and style). */
export const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));

// The docs hold a logged-in token and an Execute button that writes: no other site may frame them
// (clickjacking; X-Frame-Options for old browsers, CSP frame-ancestors, CSP Level 2 §7.7, for the rest).
const NO_FRAMING = { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "frame-ancestors 'none'" };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/**
 * The served contract and the interactive reference: `/openapi.json`, `/openapi.yaml`, and `/docs` (Swagger
 * UI, its files served from node_modules: nothing comes from a CDN). `/` leads to the docs. Routes only Node
 * has (they read files), which the Node mounts give the lifecycle. Every URL they name starts where the client
 * reached the mock (`context.base`: the public URL or the allowed Host, and the mount path).
 */
export function docsRoutes(contract: Contract): MockRoute[] {
  const texts = createSpecTexts(contract.document);
  // The page's links start at the root; under a mount path (mockMiddleware under /api) they start there.
  const page = readFileSync(new URL('./public/docs.html', import.meta.url), 'utf8');
  const docsPage = (mountPath: string): RouteAnswer =>
    textAnswer(200, 'text/html', mountPath ? page.replaceAll('="/', `="${escapeHtml(mountPath)}/`) : page, { ...NO_FRAMING, 'Cache-Control': 'no-cache' });
  // The served spec names the origin it was asked under: a cached copy could point a generator at another mock.
  const noStore = { 'Cache-Control': 'no-store' };
  return [
    { method: 'GET', path: '/openapi.json', handle: ({ base }) => textAnswer(200, 'application/json', texts(base).json, noStore) },
    // application/yaml: RFC 9512.
    { method: 'GET', path: '/openapi.yaml', handle: ({ base }) => textAnswer(200, 'application/yaml', texts(base).yaml, noStore) },
    {
      method: 'GET',
      path: '/docs/openapi.json',
      // What /docs shows: the same contract with Try it out's starting values taken from this mock's data.
      handle: (context) =>
        textAnswer(
          200,
          'application/json',
          JSON.stringify(tryItOutSpec(JSON.parse(texts(context.base).json) as OpenAPIV3_1.Document, tryItOutValues(context.session().store))),
          { ...NO_FRAMING, ...noStore },
        ),
    },
    {
      method: 'GET',
      path: '/',
      handle: ({ mountPath }) => textAnswer(302, 'text/plain', `Found. Redirecting to ${mountPath}/docs`, { Location: `${mountPath}/docs` }),
    },
    { method: 'GET', path: '/docs', handle: ({ mountPath }) => docsPage(mountPath) },
    { method: 'GET', path: '/docs/index.html', handle: ({ mountPath }) => docsPage(mountPath) },
    { method: 'GET', path: '/docs/*', handle: ({ params }) => docsFile(params['*'] ?? '') },
  ];
}

/** Files read once, then kept: Swagger UI's few files, the same for every request. */
const files = new Map<string, Promise<Uint8Array | undefined>>();

/**
 * A file of the docs: ours first (the start-up script replaces Swagger UI's, which would load the Petstore),
 * then Swagger UI's. Only a plain name in one of the two folders: no `..`, no encoded separator, no dot file.
 */
async function docsFile(rest: string): Promise<RouteAnswer> {
  let name: string;
  try {
    name = decodeURIComponent(rest);
  } catch {
    return notFound(rest);
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) return notFound(name);
  for (const dir of [PUBLIC_DIR, SWAGGER_UI_DIR]) {
    const path = resolve(dir, name);
    if (!path.startsWith(dir.endsWith(sep) ? dir : dir + sep)) continue;
    let bytes = files.get(path);
    if (!bytes)
      files.set(
        path,
        (bytes = readFile(path).then(
          (b) => new Uint8Array(b),
          () => undefined,
        )),
      );
    const found = await bytes;
    if (!found) continue;
    const type = TYPES[extname(name)] ?? 'application/octet-stream';
    // A source map is fetched by developer tools only; never keep a stale one.
    return { status: 200, headers: { ...NO_FRAMING, 'Content-Type': type, 'Cache-Control': name.endsWith('.map') ? 'no-store' : 'no-cache' }, body: found };
  }
  return notFound(name);
}

function notFound(name: string): never {
  throw new HttpProblem('not_found', `No file ${JSON.stringify(name.slice(0, 80))} in the docs.`);
}
