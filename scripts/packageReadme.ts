/**
 * What the package's README (docs/package/README.md, shipped as README.md) names: the files it points at and the
 * npm scripts it tells a reader to run. A partner has nothing but the installed package, so every such file must
 * be in it and no such script may be missing from it (scripts/packageReadme.test.ts, mock/bin/package.test.ts).
 */

/** Where npm installs the package: the README's paths start here, for commands run where it was installed. */
export const INSTALLED_PREFIX = 'node_modules/edu-platform-contract/';

const PACKAGE_DIRS = ['spec', 'fixtures', 'docs', 'mock', 'conformance'];

/**
 * Every path inside the package the README names (after the install prefix, a backticked path, a relative link),
 * and every file a command line reads that is not under the install prefix (`curl -d @file`, `--config file`):
 * the reader's own file, or one of this project's that, run where the package was installed, is not there.
 */
export function readmePaths(text: string): { inPackage: string[]; unprefixed: string[] } {
  const found = new Set<string>();
  const unprefixed = new Set<string>();
  // A path after the install prefix, wherever it stands (curl's -d @…, --config …, prose).
  const prefix = INSTALLED_PREFIX.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const m of text.matchAll(new RegExp(`${prefix}([^\\s\`'")…]+)`, 'g'))) found.add(m[1] as string);
  // A backticked path relative to the package's root, or a markdown link to one.
  const relative = new RegExp(`^(?:${PACKAGE_DIRS.join('|')})/[^\\s*]*$|^LICENSE$`);
  for (const m of text.matchAll(/`([^`\s]+)`|\]\(([^)\s#]+)/g)) {
    const path = (m[1] ?? m[2]) as string;
    if (relative.test(path)) found.add(path);
  }
  // Files a command reads: a request body, a config.
  for (const m of text.matchAll(/(?:-d|--data(?:-binary|-raw)?|--config|--waivers|--replay)[ =]@?([^\s'"\\]+)/g)) {
    const path = m[1] as string;
    if (!path.startsWith(INSTALLED_PREFIX) && !/^[A-Z_]+$|^['"{]|^https?:/.test(path) && /[./]/.test(path)) unprefixed.add(path);
  }
  return { inPackage: [...found].sort(), unprefixed: [...unprefixed].sort() };
}

/**
 * The npm scripts the README tells a reader to run (`npm run X`, `npm start`, `npm test`), except where it says
 * what one is in the package (`` `npm run conform --` is `npx edu-conform` ``): the docs it ships were written
 * for the repository, and that sentence maps their commands.
 */
export function npmScriptsNamed(text: string): string[] {
  const mapped = /`npm (?:run [\w:-]+|start|test)(?: --)?`(?:, run| is) `npx edu-(?:mock|conform)/g;
  const rest = text.replace(mapped, '');
  return [...rest.matchAll(/\bnpm (run [\w:-]+|start|test)\b/g)].map((m) => (m[1] as string).replace(/^run /, ''));
}
