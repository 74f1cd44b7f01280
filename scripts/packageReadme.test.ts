import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packageFiles, PACKAGE_RENAMED } from './packageContents.ts';
import { packagedManifest } from './packagedManifest.ts';
import { npmScriptsNamed, readmePaths } from './packageReadme.ts';

const source = Object.entries(PACKAGE_RENAMED).find(([, to]) => to === 'README.md')?.[0] as string;
const readme = readFileSync(new URL(`../${source}`, import.meta.url), 'utf8');
const manifest = packagedManifest(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, unknown>);

describe("the package's README", () => {
  const files = packageFiles();
  const shipped = (path: string): boolean => files.has(path) || [...files].some((f) => f.startsWith(`${path.replace(/\/$/, '')}/`));

  it('names the files the curl lines send, and the package has each', () => {
    const { inPackage, unprefixed } = readmePaths(readme);
    expect(inPackage).toEqual(
      expect.arrayContaining(['fixtures/samples/sync-upload.json', 'fixtures/samples/data-action-users.json', 'fixtures/conform.mock.json']),
    );
    expect(inPackage.filter((p) => !shipped(p))).toEqual([]);
    // A file of this project named without the install prefix: where the package is installed, it is not there.
    expect(unprefixed.filter((p) => existsSync(new URL(`../${p}`, import.meta.url)))).toEqual([]);
  });

  it('tells a reader to run no npm script the package lacks (it has none)', () => {
    const scripts = Object.keys((manifest.scripts ?? {}) as Record<string, string>);
    expect(npmScriptsNamed(readme).filter((s) => !scripts.includes(s))).toEqual([]);
  });

  it('speaks of the commands the package has', () => {
    for (const bin of Object.keys(manifest.bin as Record<string, string>)) expect(readme).toContain(`npx ${bin}`);
    expect(readme).toContain('npx edu-mock proxy');
  });
});

describe('readmePaths and npmScriptsNamed', () => {
  it.each<[string, string, string[], string[]]>([
    ['a curl body', 'curl -d @node_modules/edu-platform-contract/fixtures/samples/a.json http://x', ['fixtures/samples/a.json'], []],
    ['a curl body of a clone', 'curl -d @fixtures/samples/a.json http://x', [], ['fixtures/samples/a.json']],
    ['a config of a clone', 'edu-conform --config fixtures/conform.mock.json', [], ['fixtures/conform.mock.json']],
    ['an inline body and a variable', `curl -d '{"a":1}' http://x; --config "$FILE"; -d @-`, [], []],
    ['a backticked path', 'see `spec/DECISIONS.md` and `LICENSE`', ['LICENSE', 'spec/DECISIONS.md'], []],
    ['a relative link', 'in [the docs](docs/sessions.md#x)', ['docs/sessions.md'], []],
    ['not a path of the package', '`X-Mock-Session: <name>` and `/__mock/ui` and `fixtures/samples/*.json`', [], []],
  ])('readmePaths: %s', (_name, text, inPackage, unprefixed) => {
    expect(readmePaths(text)).toEqual({ inPackage, unprefixed });
  });

  it("finds the repository docs' clone-relative curl bodies and npm scripts (what the package once shipped)", () => {
    const repo = readFileSync(new URL('../docs/mock.md', import.meta.url), 'utf8');
    expect(readmePaths(repo).unprefixed).toContain('fixtures/samples/sync-upload.json');
    expect(npmScriptsNamed(repo)).toContain('dev');
  });

  it.each<[string, string, string[]]>([
    ['a script to run', 'then `npm run proxy -- --upstream URL`', ['proxy']],
    ['npm start and npm test', 'npm start, then npm test', ['start', 'test']],
    ['a mapping to the package', 'where they say `npm start --`, run `npx edu-mock`; `npm run conform --` is `npx edu-conform`', []],
    ['npm install is no script', 'npm install --save-dev edu-platform-contract', []],
  ])('npmScriptsNamed: %s', (_name, text, want) => {
    expect(npmScriptsNamed(text)).toEqual(want);
  });
});
