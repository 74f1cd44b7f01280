import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Contract } from '../../spec/contract.ts';
import { mountPathOf } from '../mountPath.ts';
import { escapeHtml } from '../oauth/escapeHtml.ts';
import { requestSession } from '../sessions/frontDoor.ts';
import { requestOrigin } from '../oauth/requestOrigin.ts';
import { createSpecTexts } from './servedSpec.ts';
import { tryItOutSpec, tryItOutValues } from './tryItOutSpec.ts';

function refuseFraming(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
  next();
}

/** swagger-ui-dist's folder, wherever npm put it (the repository or an installed package). */
export const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** This module's own pages and scripts (the docs' start-up script, the dashboard). */
export const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));

export interface DocsOptions {
  /** The mock's public URL (--public-url); else the origin of each request. */
  publicUrl?: string;
}

/**
 * The served contract and the interactive reference: `/openapi.json`, `/openapi.yaml`, and `/docs`
 * (Swagger UI, its assets served from node_modules: nothing comes from a CDN). `/` leads to the docs.
 */
export function createDocsRouter(contract: Contract, options: DocsOptions = {}): Router {
  const router = express.Router();
  const texts = createSpecTexts(contract.document);
  const origin = (req: Request) => (options.publicUrl ? options.publicUrl.replace(/\/+$/, '') + mountPathOf(req.res!) : requestOrigin(req));
  // The page's links start at the root; under a mount path (mockMiddleware under /api) they start there.
  const page = readFileSync(new URL('./public/docs.html', import.meta.url), 'utf8');
  const docsPage = (base: string) => (base ? page.replaceAll('="/', `="${escapeHtml(base)}/`) : page);

  // The served spec names the origin it was asked under: a cached copy could point a generator at another mock.
  router.get('/openapi.json', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('application/json').send(texts(origin(req)).json);
  });
  router.get('/openapi.yaml', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // application/yaml: RFC 9512.
    res.type('application/yaml').send(texts(origin(req)).yaml);
  });
  // The docs hold a logged-in token and an Execute button that writes: no other site may frame them
  // (clickjacking; X-Frame-Options for old browsers, CSP frame-ancestors, CSP Level 2 §7.7, for the rest).
  router.use('/docs', refuseFraming);
  // What /docs shows: the same contract with Try it out's starting values taken from this mock's data.
  router.get('/docs/openapi.json', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res
      .type('application/json')
      .send(JSON.stringify(tryItOutSpec(JSON.parse(texts(origin(req)).json) as OpenAPIV3_1.Document, tryItOutValues(requestSession(req).store))));
  });
  router.get('/', (_req, res) => res.redirect(302, `${mountPathOf(res)}/docs`));
  router.get(['/docs', '/docs/', '/docs/index.html'], (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(docsPage(mountPathOf(res)));
  });
  router.use('/docs', express.static(PUBLIC_DIR, { index: false, fallthrough: true }));
  // Swagger UI's own start-up script would load the Petstore; ours (docs-init.js) replaces it.
  router.use(
    '/docs',
    express.static(SWAGGER_UI_DIR, {
      index: false,
      fallthrough: true,
      setHeaders: (res, path) => path.endsWith('.map') && res.setHeader('Cache-Control', 'no-store'),
    }),
  );
  return router;
}
