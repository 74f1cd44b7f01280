import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DEFAULT_SPEC_PATH } from '../spec/loadDocument.ts';
import { loadYaml } from '../spec/loadYaml.ts';
import type { FlowImpact } from '../conformance/specDiff/flowImpact.ts';
import type { SpecDiffResult } from '../conformance/specDiff/formatSpecDiff.ts';
import { specDiffCli } from '../conformance/specDiff/specDiffCli.ts';
import { createMockReplayer } from './specDiffReplay.ts';
import { recordFlowHar } from './testing/recordFlowHar.ts';

const CONTRACT = readFileSync(DEFAULT_SPEC_PATH, 'utf8');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'spec-diff-impact-'));
const flows = join(dir, 'flows');
const reports = join(dir, 'reports');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

/** The contract with one labelled edit, written where --head reads it. */
function edited(name: string, edit: (doc: Doc) => void): string {
  const doc = loadYaml().parse(CONTRACT, { maxAliasCount: 10_000 }) as Doc;
  edit(doc);
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify(doc, { aliasDuplicateObjects: false }));
  return file;
}

beforeAll(async () => {
  mkdirSync(flows);
  mkdirSync(reports);
  // A frontend lists groups, then opens the second it was shown (and reads its name).
  writeFileSync(
    join(flows, 'groups.har'),
    await recordFlowHar([
      () => ({ method: 'GET', path: '/v1/groups?limit=2' }),
      (_config, last) => ({ method: 'GET', path: `/v1/groups/${(last as Array<{ _id: string }>)[1]!._id}` }),
    ]),
  );
  // Another screen: the app's installations only.
  writeFileSync(join(flows, 'installations.har'), await recordFlowHar([(c) => ({ method: 'GET', path: `/v1/appmaker/apps/${c.appId}/installations` })]));
  const report = (specSha256: string) =>
    JSON.stringify({
      certificate: { specSha256 },
      cases: [
        { area: 'groups', title: 'getGroup answers a group of the community', status: 'passed', operationIds: ['getGroup'], checks: ['response-schema'] },
        {
          area: 'installations',
          title: 'listAppInstallations lists them',
          status: 'passed',
          operationIds: ['listAppInstallations'],
          checks: ['status-documented'],
        },
        { area: 'auth', title: 'no token: 401', status: 'passed', operationIds: ['listGroups'], checks: ['auth-required'] },
      ],
    });
  writeFileSync(join(reports, 'old.json'), report(sha256(CONTRACT)));
  writeFileSync(join(reports, 'other.json'), report('0'.repeat(64)));
  // Not a conformance report: left out, not an error.
  writeFileSync(join(reports, 'package.json'), '{"name":"x"}');
}, 60_000);

async function run(head: string) {
  const out: string[] = [];
  const files = new Map<string, string>();
  const code = await specDiffCli(
    ['--base', DEFAULT_SPEC_PATH, '--head', head, '--flows', flows, '--reports', reports, '--json', 'r.json', '--markdown', 'r.md'],
    {
      stdout: (l) => out.push(l),
      stderr: (l) => out.push(l),
      now: () => new Date('2026-06-01T12:00:00Z'),
      defaultHead: DEFAULT_SPEC_PATH,
      writeFile: (p, t) => files.set(p, t),
      replay: createMockReplayer(),
    },
  );
  return { code, text: out.join('\n'), json: JSON.parse(files.get('r.json') as string) as SpecDiffResult, markdown: files.get('r.md') as string };
}

const byName = (list: readonly FlowImpact[] | undefined, name: string) => list?.find((f) => f.file.endsWith(name)) as FlowImpact;
const hitsOf = (f: FlowImpact) => f.hits.flatMap((h) => h.changes.map((c) => `#${h.call} ${h.operationId} ${c.rule}`));

interface Case {
  label: string;
  head: () => string;
  code: number;
  /** groups.har's static hits, and its replay on a mock of the new contract. */
  groups: { hits: string[]; replay: 'passed' | 'failed' | 'not-replayed'; broken: boolean };
  installations: { broken: boolean; replay: 'passed' | 'failed' | 'not-replayed' };
  /** old.json's steps on changed operations. */
  touched: string[];
  text: RegExp;
}

describe('spec-diff --flows --reports', () => {
  it.each<Case>([
    {
      label: 'getGroup removed: the flow that opened a group is broken, statically and by its replay',
      head: () => edited('removed', (d) => delete d.paths['/v1/groups/{groupId}']),
      code: 1,
      groups: { hits: ['#2 getGroup api-operation-removed'], replay: 'failed', broken: true },
      installations: { broken: false, replay: 'passed' },
      touched: ['getGroup answers a group of the community'],
      text: /BROKEN \S+groups\.har \(2 API calls\): replay on the new contract FAILS[\s\S]*replay: 1 of 2 recorded API calls reaches no operation of the new contract/,
    },
    {
      label: 'the group name the flow read removed from answers: broken by the static match',
      head: () =>
        edited('name', (d) => {
          delete d.components.schemas.Group.properties.name;
          d.components.schemas.Group.required = [];
        }),
      code: 1,
      groups: {
        hits: ['#1 listGroups response-body-required-property-removed', '#2 getGroup response-body-required-property-removed'],
        replay: 'passed',
        broken: true,
      },
      installations: { broken: false, replay: 'passed' },
      touched: ['getGroup answers a group of the community', 'no token: 401'],
      text: /#2 GET \/v1\/groups\/\w+ \(getGroup\): response-body-required-property-removed: The required property "name" was removed\./,
    },
    {
      label: 'an optional query parameter added to listAppInstallations: no flow broken, the installations step touched',
      head: () =>
        edited('optional', (d) => {
          const op = d.paths['/v1/appmaker/apps/{appId}/installations']!.get;
          op.parameters = [...op.parameters, { name: 'status', in: 'query', required: false, schema: { type: 'string' } }];
        }),
      code: 0,
      groups: { hits: [], replay: 'passed', broken: false },
      installations: { broken: false, replay: 'passed' },
      touched: ['listAppInstallations lists them'],
      text: /Recorded flows: 2, 0 broken by the change/,
    },
    {
      label: 'an operation the mock has no handler for added: flows judged statically only, and said so',
      head: () =>
        edited('added', (d) => {
          d.paths['/v1/groups/{groupId}/archive'] = { post: { operationId: 'archiveGroup', responses: { '204': { description: 'archived' } } } };
        }),
      code: 1,
      groups: { hits: [], replay: 'not-replayed', broken: false },
      installations: { broken: false, replay: 'not-replayed' },
      touched: [],
      text: /ok +\S+groups\.har \(2 API calls\): judged statically only: the mock has no handler for archiveGroup/,
    },
  ])('$label', { timeout: 60_000 }, async (c) => {
    const { code, text, json, markdown } = await run(c.head());
    expect(code, text).toBe(c.code);
    expect(text).toMatch(c.text);
    const groups = byName(json.impact?.flows, 'groups.har');
    expect(hitsOf(groups)).toEqual(c.groups.hits);
    expect({ replay: groups.replay?.status, broken: groups.broken }).toEqual({ replay: c.groups.replay, broken: c.groups.broken });
    const installations = byName(json.impact?.flows, 'installations.har');
    expect({ replay: installations.replay?.status, broken: installations.broken }).toEqual(c.installations);
    const reportsSeen = json.impact?.reports ?? [];
    expect(reportsSeen.map((r) => [r.file.split('/').pop(), r.version])).toEqual([
      ['old.json', 'stale'],
      ['other.json', 'other'],
    ]);
    const old = reportsSeen[0]!;
    expect(old.touched.map((t) => t.title)).toEqual(c.touched);
    expect(markdown).toContain('#### Recorded flows');
    expect(markdown).toMatch(/\| \S+old\.json \| stale \|/);
  });

  it('names the checks of a stale report that ran on a changed operation', { timeout: 60_000 }, async () => {
    const { text, json } = await run(edited('removed-again', (d) => delete d.paths['/v1/groups/{groupId}']));
    expect(json.impact?.reports?.[0]?.touched[0]).toMatchObject({
      operations: ['getGroup'],
      checks: ['response-schema'],
      changes: [{ rule: 'api-operation-removed', level: 'breaking' }],
    });
    expect(text).toMatch(
      /old\.json: STALE \(judged the old contract\); 1 step on changed operations\n {4}getGroup answers a group of the community \[passed\] getGroup: api-operation-removed \(breaking\); checks response-schema/,
    );
  });
});
