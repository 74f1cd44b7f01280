import { readFileSync } from 'node:fs';

/**
 * The suite's name and version, from the package.json beside conformance/: the repository's in a clone, the
 * package's own once installed (the package's root holds package.json and the compiled conformance/ alike).
 */
export function suiteIdentity(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name?: string; version?: string };
  return { name: pkg.name ?? 'conformance', version: pkg.version ?? '0.0.0' };
}
