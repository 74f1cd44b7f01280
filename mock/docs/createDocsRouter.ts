import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type Router } from 'express';
import type { Session } from '../sessions/Session.ts';
import { requestOrigin } from '../oauth/requestOrigin.ts';
import { createSpecTexts } from './servedSpec.ts';

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
export function createDocsRouter(deps: Session, options: DocsOptions = {}): Router {
  const router = express.Router();
  const texts = createSpecTexts(deps.contract.document);
  const origin = (req: Request) => (options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : requestOrigin(req));

  router.get('/openapi.json', (req, res) => {
    res.type('application/json').send(texts(origin(req)).json);
  });
  router.get('/openapi.yaml', (req, res) => {
    // application/yaml: RFC 9512.
    res.type('application/yaml').send(texts(origin(req)).yaml);
  });
  router.get('/', (_req, res) => res.redirect(302, '/docs'));
  router.get(['/docs', '/docs/', '/docs/index.html'], (_req, res) => {
    res.sendFile('docs.html', { root: PUBLIC_DIR, headers: { 'Cache-Control': 'no-cache' } });
  });
  router.use('/docs', express.static(PUBLIC_DIR, { index: false, fallthrough: true }));
  // Swagger UI's own start-up script would load the Petstore; ours (docs-init.js) replaces it.
  router.use('/docs', express.static(SWAGGER_UI_DIR, { index: false, fallthrough: true, setHeaders: (res, path) => path.endsWith('.map') && res.setHeader('Cache-Control', 'no-store') }));
  return router;
}
