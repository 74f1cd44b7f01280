import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

let loaded: typeof Yaml | undefined;

/**
 * The yaml package, loaded on first use: parsing it costs a start-up about 70 ms, and a start whose spec
 * snapshot is current (spec/parsedSpec.ts) and which serves no YAML never needs it.
 */
export function loadYaml(): typeof Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  return loaded;
}
