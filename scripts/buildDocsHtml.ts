/**
 * npm run docs:spec: one HTML file with the whole API reference that works offline (opened from disk, on a
 * plane): Swagger UI's script and style and the spec itself are inlined, nothing is fetched. Try it out is
 * off there (no mock to call); the running mock's /docs has it.
 *   tsx scripts/buildDocsHtml.ts [--out reports/api-reference.html] [--spec spec/openapi.yaml]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDocument } from '../spec/loadDocument.ts';

const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Text safe inside a <script> or <style> element (HTML ends them at the first `</script` / `</style`). */
function inline(text: string): string {
  return text.replace(/<\/(script|style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

export function buildDocsHtml(specFile?: string): string {
  const doc = loadDocument(specFile);
  const title = `${doc.info.title} ${doc.info.version}: API reference`;
  const css = readFileSync(join(swaggerUi, 'swagger-ui.css'), 'utf8');
  const bundle = readFileSync(join(swaggerUi, 'swagger-ui-bundle.js'), 'utf8');
  // JSON in a script: escape `<` so no `</script>` in a description can end the element.
  const spec = JSON.stringify(doc).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data:; font-src data:">
<title>${title.replace(/[<&"]/g, (c) => ({ '<': '&lt;', '&': '&amp;', '"': '&quot;' })[c] as string)}</title>
<style>${inline(css)}</style>
</head>
<body>
<div id="swagger-ui"></div>
<script>${inline(bundle)}</script>
<script>
window.ui = SwaggerUIBundle({
  spec: ${spec},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  validatorUrl: null,
  supportedSubmitMethods: [],
  defaultModelsExpandDepth: 0,
});
</script>
</body>
</html>
`;
}

if (process.argv[1] && import.meta.filename === resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'reports/api-reference.html' }, spec: { type: 'string' } } });
  const out = values.out as string;
  mkdirSync(dirname(resolve(out)), { recursive: true });
  const html = buildDocsHtml(values.spec);
  writeFileSync(out, html);
  console.log(`docs:spec: wrote ${out} (${Math.round(html.length / 1024)} KiB, works offline)`);
}
