import { PACKAGE_EXPORTS } from './packageExports.ts';

/** Keys of the repository's package.json that describe the installed package (everything else is development). */
const KEPT = [
  'name',
  'version',
  'description',
  'type',
  'engines',
  'license',
  'repository',
  'dependencies',
  'peerDependencies',
  'peerDependenciesMeta',
] as const;

/**
 * The package.json the package ships: dist/ is its root, so the bins lose their `dist/` prefix; no scripts
 * (they run tsx and vitest, which the package does not have), no devDependencies, and not `private` (the
 * package is meant to be installed and, once published, fetched from a registry); its entry points are
 * scripts/packageExports.ts (a package with `exports` allows no other deep import).
 */
export function packagedManifest(repo: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of KEPT) if (repo[key] !== undefined) out[key] = repo[key];
  const bin = (repo.bin ?? {}) as Record<string, string>;
  out.bin = Object.fromEntries(Object.entries(bin).map(([name, path]) => [name, path.replace(/^(\.\/)?dist\//, '')]));
  out.exports = PACKAGE_EXPORTS;
  return out;
}
