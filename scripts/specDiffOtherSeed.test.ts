/**
 * A flow recorded on a mock of other data (another seed: other ids, another community, other tokens) is
 * judged by the impact analysis (--flows) as a replay judges any recording: by relations, not values. Its
 * replay on the default seed's mock of the new contract maps the configured values and carries each id from
 * the answer it came from, so an unchanged contract breaks nothing and a removed operation still does.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readDefaultDataset } from '../fixtures/defaultDataset.ts';
import { generateDataset } from '../fixtures/generateDataset.ts';
import { DEFAULT_SEED } from '../mock/composeDeps.ts';
import { DEFAULT_SPEC_PATH } from '../spec/loadDocument.ts';
import { loadYaml } from '../spec/loadYaml.ts';
import type { SpecDiffResult } from '../conformance/specDiff/formatSpecDiff.ts';
import { specDiffCli } from '../conformance/specDiff/specDiffCli.ts';
import { createMockReplayer } from './specDiffReplay.ts';
import { recordFlowHar } from './testing/recordFlowHar.ts';

const dir = mkdtempSync(join(tmpdir(), 'spec-diff-seed-'));
const flows = join(dir, 'flows');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(flows);
  // Recorded on seed 7's data: a list, then the second group it showed, opened by its id.
  writeFileSync(
    join(flows, 'seed7.har'),
    await recordFlowHar(
      [
        () => ({ method: 'GET', path: '/v1/groups?limit=2' }),
        (_config, last) => ({ method: 'GET', path: `/v1/groups/${(last as Array<{ _id: string }>)[1]!._id}` }),
      ],
      { seed: 7 },
    ),
  );
}, 60_000);

function head(name: string, edit: (doc: { paths: Record<string, unknown> }) => void): string {
  const doc = loadYaml().parse(readFileSync(DEFAULT_SPEC_PATH, 'utf8'), { maxAliasCount: 10_000 }) as { paths: Record<string, unknown> };
  edit(doc);
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify(doc, { aliasDuplicateObjects: false }));
  return file;
}

async function impact(headFile: string): Promise<SpecDiffResult> {
  const files = new Map<string, string>();
  await specDiffCli(['--base', DEFAULT_SPEC_PATH, '--head', headFile, '--flows', flows, '--json', 'r.json'], {
    stdout: () => undefined,
    stderr: () => undefined,
    now: () => new Date('2026-06-01T12:00:00Z'),
    defaultHead: DEFAULT_SPEC_PATH,
    writeFile: (p, t) => files.set(p, t),
    replay: createMockReplayer(),
  });
  return JSON.parse(files.get('r.json') as string) as SpecDiffResult;
}

describe('spec-diff --flows on a flow recorded on other data', () => {
  it('was recorded on ids the default seed does not have', () => {
    const opened = /\/v1\/groups\/([0-9a-f]{24})"/.exec(readFileSync(join(flows, 'seed7.har'), 'utf8'))?.[1];
    expect(opened).toBeDefined();
    const defaults = new Set((readDefaultDataset(DEFAULT_SEED) ?? generateDataset({ seed: DEFAULT_SEED, size: 'default' })).groups.map((g) => g._id));
    expect(defaults.size).toBeGreaterThan(0);
    expect(defaults.has(opened as string)).toBe(false);
  });

  it.each([
    [
      'an unchanged contract: the flow holds, its ids carried from the answers they came from',
      () => head('same', () => undefined),
      { status: 'passed', broken: false },
    ],
    [
      'getGroup removed: the flow is broken, by its replay too',
      () => head('removed', (d) => delete d.paths['/v1/groups/{groupId}']),
      { status: 'failed', broken: true },
    ],
  ])('%s', { timeout: 60_000 }, async (_label, headFile, want) => {
    const flow = (await impact(headFile())).impact?.flows?.[0];
    expect({ status: flow?.replay?.status, broken: flow?.broken }, JSON.stringify(flow?.replay)).toEqual(want);
  });
});
