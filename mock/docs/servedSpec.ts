import type { OpenAPIV3_1 } from 'openapi-types';
import { loadYaml } from '../../spec/loadYaml.ts';

/**
 * The contract as the running mock serves it (`GET /openapi.json`, `/openapi.yaml`): `servers` names the mock
 * at the origin it was reached under (or its public URL), and the OAuth flow's URLs point at that same
 * mock, so a code generator or Swagger UI pointed at it talks to it and nothing else.
 */
export function servedSpec(document: OpenAPIV3_1.Document, origin: string): OpenAPIV3_1.Document {
  const doc = structuredClone(document);
  doc.servers = [{ url: origin, description: 'This contract mock server' }];
  const schemes = doc.components?.securitySchemes ?? {};
  for (const scheme of Object.values(schemes)) {
    if (!('type' in scheme) || scheme.type !== 'oauth2') continue;
    for (const flow of Object.values(scheme.flows ?? {}) as Array<Record<string, unknown>>) {
      for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
        const value = flow[key];
        if (typeof value === 'string') flow[key] = `${origin}${new URL(value, origin).pathname}`;
      }
    }
  }
  return doc;
}

/**
 * The served spec's two texts, computed once per origin (a handful: localhost, 127.0.0.1, a public URL); the
 * YAML only when asked for, so a mock nobody asks for YAML never loads the yaml package.
 */
export function createSpecTexts(document: OpenAPIV3_1.Document): (origin: string) => { json: string; yaml: string } {
  const cache = new Map<string, { json: string; yaml: string }>();
  return (origin) => {
    let texts = cache.get(origin);
    if (!texts) {
      const doc = servedSpec(document, origin);
      let yaml: string | undefined;
      texts = {
        json: JSON.stringify(doc, null, 2),
        get yaml() {
          return (yaml ??= loadYaml().stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }));
        },
      };
      // Hosts come from requests; keep the cache from growing without bound.
      if (cache.size >= 16) cache.clear();
      cache.set(origin, texts);
    }
    return texts;
  };
}
