import type { OpenAPIV3_1 } from 'openapi-types';
import type { Dataset } from '../../fixtures/records.ts';
import parsedSpec from '../../spec/openapi.parsed.json' with { type: 'json' };
import defaultDataset from '../../fixtures/defaultDataset.json' with { type: 'json' };

/**
 * The spec and the default seed's data as modules, not files: a bundler puts them in the bundle, and nothing
 * reads a disk. They are the committed snapshots (`npm run generate` writes them; `npm run check:generated`
 * fails when either is stale), the same the server reads while they are current.
 */
export const BUNDLED_SPEC = (parsedSpec as unknown as { document: OpenAPIV3_1.Document }).document;
export const BUNDLED_DATASET = (defaultDataset as unknown as { dataset: Dataset }).dataset;
