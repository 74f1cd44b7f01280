import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DEFAULT_SPEC_PATH } from '../../spec/loadDocument.ts';
import { loadYaml } from '../../spec/loadYaml.ts';
import { readSpecSource } from './readSpecSource.ts';
import { specDiffCli } from './specDiffCli.ts';

const dir = mkdtempSync(join(tmpdir(), 'spec-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONTRACT = readFileSync(DEFAULT_SPEC_PATH, 'utf8');
/** The committed recordings (a session on the mock). */
const FLOWS = new URL('../../fixtures/flows', import.meta.url).pathname;
/** The contract without getGroup: breaking for clients. */
const withoutGetGroup = (() => {
  const doc = loadYaml().parse(CONTRACT, { maxAliasCount: 10_000 }) as { paths: Record<string, Record<string, unknown>> };
  delete doc.paths['/v1/groups/{groupId}'];
  const file = join(dir, 'head.yaml');
  writeFileSync(file, stringify(doc, { aliasDuplicateObjects: false }));
  return file;
})();

async function run(argv: string[], today = '2026-06-01') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await specDiffCli(argv, {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    now: () => new Date(`${today}T12:00:00Z`),
    defaultHead: DEFAULT_SPEC_PATH,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A folder holding one file named .har that is no HAR. */
function badFlows(): string {
  const folder = join(dir, 'bad-flows');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'bad.har'), '{"log":{}}');
  return folder;
}

function waivers(list: unknown): string {
  const file = join(dir, `waivers-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(list));
  return file;
}

describe('spec-diff', () => {
  it.each<[string, () => string[], number, RegExp]>([
    ['a contract against itself: nothing, exit 0', () => ['--base', DEFAULT_SPEC_PATH], 0, /0 changes[\s\S]*No breaking change/],
    [
      'an operation removed: exit 1',
      () => ['--base', DEFAULT_SPEC_PATH, '--head', withoutGetGroup],
      1,
      /api-operation-removed \(getGroup\): clients breaking, implementations safe/,
    ],
    ['OLD NEW positionals, as edu-conform spec-diff takes them', () => [DEFAULT_SPEC_PATH, withoutGetGroup], 1, /api-operation-removed/],
    [
      'a live waiver covers the breaking change: exit 0',
      () => [
        '--base',
        DEFAULT_SPEC_PATH,
        '--head',
        withoutGetGroup,
        '--waivers',
        waivers([{ check: 'api-operation-removed', operation: 'getGroup', reason: 'moved to v2', expires: '2026-06-30' }]),
      ],
      0,
      /waived: api-operation-removed \(getGroup\)[\s\S]*No breaking change/,
    ],
    [
      'an expired waiver covers nothing: exit 1',
      () => [
        '--base',
        DEFAULT_SPEC_PATH,
        '--head',
        withoutGetGroup,
        '--waivers',
        waivers([{ check: 'api-operation-removed', reason: 'moved to v2', expires: '2026-05-31' }]),
      ],
      1,
      /expired waiver, covering nothing: api-operation-removed \(expires 2026-05-31\)/,
    ],
  ])('%s', async (_label, argv, code, output) => {
    const result = await run(argv());
    expect(result.err).toBe('');
    expect(result.code).toBe(code);
    expect(result.out).toMatch(output);
  });

  it.each<[string, string[], RegExp]>([
    ['no old contract', [], /give the old contract/],
    ['an unknown option', ['--base', DEFAULT_SPEC_PATH, '--bogus'], /bogus/],
    ['neither file nor ref', ['--base', '--head'], /.+/],
    ['a ref that looks like an option of git', ['-p'], /.+/],
    [
      'a waiver naming no rule',
      ['--base', DEFAULT_SPEC_PATH, '--waivers', waivers([{ check: 'no-such-rule', reason: 'x', expires: '2026-06-30' }])],
      /no check is named "no-such-rule"/,
    ],
    [
      'a waiver naming no operation',
      ['--base', DEFAULT_SPEC_PATH, '--waivers', waivers([{ check: 'api-operation-removed', operation: 'nope', reason: 'x', expires: '2026-06-30' }])],
      /no operation "nope"/,
    ],
    ['a base that is not OpenAPI 3.1', ['--base', join(dir, 'bad.yaml')], /openapi: 3\.1/],
    [
      'a flows folder that is not there',
      ['--base', DEFAULT_SPEC_PATH, '--flows', join(dir, 'no-such-folder')],
      /--flows .*no-such-folder: cannot read the folder/,
    ],
    ['a HAR that is not one', ['--base', DEFAULT_SPEC_PATH, '--flows', badFlows()], /bad\.har is not a HAR file/],
  ])('refuses %s with exit 2', async (_label, argv, message) => {
    writeFileSync(join(dir, 'bad.yaml'), 'openapi: 3.0.0\npaths: {}\n');
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });

  it('without a mock to replay on (the package), judges the committed flow statically and says so', async () => {
    const result = await run(['--base', DEFAULT_SPEC_PATH, '--head', withoutGetGroup, '--flows', FLOWS]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /BROKEN \S+list-and-open-group\.har \(2 API calls\): judged statically only: no mock to replay on[^\n]*\n {4}#2 GET \/v1\/groups\/\w+ \(getGroup\): api-operation-removed/,
    );
  });

  it('a waived change still makes the steps on its operation out of date', async () => {
    const reports = join(dir, 'reports-waived');
    mkdirSync(reports, { recursive: true });
    const sha = createHash('sha256').update(CONTRACT).digest('hex');
    writeFileSync(
      join(reports, 'r.json'),
      JSON.stringify({ certificate: { specSha256: sha }, cases: [{ title: 'read a group', operationIds: ['getGroup'], checks: ['response-schema'] }] }),
    );
    const waiver = waivers([{ check: 'api-operation-removed', operation: 'getGroup', reason: 'moved to v2', expires: '2026-06-30' }]);
    const result = await run(['--base', DEFAULT_SPEC_PATH, '--head', withoutGetGroup, '--waivers', waiver, '--reports', reports]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /r\.json: STALE \(judged the old contract\); 1 step on changed operations\n {4}read a group \[\] getGroup: api-operation-removed \(breaking\)/,
    );
  });

  it('writes JSON and markdown, both naming the breaking change', async () => {
    const json = join(dir, 'diff.json');
    const md = join(dir, 'diff.md');
    expect((await run(['--base', DEFAULT_SPEC_PATH, '--head', withoutGetGroup, '--json', json, '--markdown', md])).code).toBe(1);
    const result = JSON.parse(readFileSync(json, 'utf8'));
    expect(result.breaking).toBe(true);
    expect(result.counts.clients.breaking).toBe(1);
    expect(result.base.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.changes[0]).toMatchObject({ rule: 'api-operation-removed', operation: 'getGroup', pointer: '#/paths/~1v1~1groups~1{groupId}/get' });
    const text = readFileSync(md, 'utf8');
    expect(text).toMatch(/^### Contract diff: breaking/);
    expect(text).toContain('| breaking | safe | api-operation-removed | getGroup |');
  });
});

describe('readSpecSource', () => {
  it('reads a git ref with git show REF:spec/openapi.yaml, and refuses what git could take for an option', () => {
    const asked: string[][] = [];
    const git = (args: string[]) => (asked.push(args), 'openapi: 3.1.0\n');
    expect(readSpecSource('main~1', git)).toEqual({ label: 'main~1:spec/openapi.yaml', text: 'openapi: 3.1.0\n' });
    expect(asked).toEqual([['show', 'main~1:spec/openapi.yaml']]);
    expect(() => readSpecSource('--output=x', git)).toThrow(/neither a file nor a git ref/);
    expect(() => readSpecSource('a b', git)).toThrow(/neither a file nor a git ref/);
    expect(asked).toHaveLength(1);
  });
});
