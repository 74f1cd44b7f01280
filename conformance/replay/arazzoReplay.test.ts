/**
 * `--replay FILE.arazzo.yaml`: a recorded flow exported as an Arazzo workflow (conformance/arazzo/harToArazzo.ts)
 * is replayed as its HAR is, ids carried between steps by their outputs: it passes on the mock and on an
 * independent implementation whose ids differ, and fails on a broken one, naming the step.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadContract } from '../../spec/contract.ts';
import { loadDocument } from '../../spec/loadDocument.ts';
import { harToArazzo } from '../arazzo/harToArazzo.ts';
import type { ConformConfig } from '../config/ConformConfig.ts';
import { UsageError } from '../config/UsageError.ts';
import { runConformance } from '../run/runConformance.ts';
import type { RunResult } from '../run/RunResult.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { readBody, startServer, type RunningServer } from '../testing/startServer.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { DEFAULT_RECORDED_CONFIG, loadReplayPlan } from './loadReplayPlan.ts';
import { readHar } from '../har/readHar.ts';
import { createReplayScenario, type ReplayPlan } from './replayScenario.ts';
import { recordMockSession } from './testing/recordMockSession.ts';

const contract = loadContract();
const dir = mkdtempSync(join(tmpdir(), 'arazzo-replay-'));
const FLOW = 'fixtures/flows/list-and-open-group.har';
let mock: MockTarget;
let target: TestTarget;
let session: { arazzo: string; recorded: string };

/** The HAR exported as Arazzo YAML, written where --replay reads it. */
function exported(harText: string, name: string): string {
  const { document } = harToArazzo(readHar(harText, name), loadDocument(), { specUrl: 'openapi.yaml', title: name });
  const file = join(dir, `${name}.arazzo.yaml`);
  writeFileSync(file, stringify(document));
  return file;
}

const planOf = (file: string, recorded = DEFAULT_RECORDED_CONFIG): ReplayPlan => loadReplayPlan(file, recorded, contract, (p) => readFileSync(p));
const replay = (config: ConformConfig, plan: ReplayPlan): Promise<RunResult> =>
  runConformance({
    config,
    areas: ['replay'],
    scenarios: [createReplayScenario(plan, { pollDelayMs: 20 })],
    seed: 7,
    now: () => new Date('2026-03-02T09:00:00.000Z'),
    contract,
  });
const failures = (r: RunResult) => r.cases.flatMap((c) => c.failures.filter((f) => f.severity === 'MUST').map((f) => `${c.title}: ${f.check}: ${f.message}`));

beforeAll(async () => {
  mock = await startMockTarget();
  target = await startTestTarget();
  const recorded = await recordMockSession();
  writeFileSync(join(dir, 'recorded.json'), JSON.stringify(recorded.config));
  session = { arazzo: exported(recorded.har, 'session'), recorded: join(dir, 'recorded.json') };
}, 60_000);
afterAll(async () => {
  await mock.close();
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The mock behind a rewrite of some answers: an implementation with one bug. */
function startBroken(upstream: string, answer: (url: string, status: number, text: string) => { status: number; text: string }): Promise<RunningServer> {
  return startServer(async (req: IncomingMessage, res) => {
    const body = req.method === 'GET' ? undefined : await readBody(req);
    const { 'content-length': _length, host: _host, ...headers } = req.headers;
    const got = await fetch(upstream + (req.url ?? '/'), {
      method: req.method ?? 'GET',
      headers: headers as Record<string, string>,
      redirect: 'manual',
      ...(body ? { body } : {}),
    });
    const out = answer(req.url ?? '/', got.status, await got.text());
    res.writeHead(out.status, { 'content-type': got.headers.get('content-type') ?? 'application/json' });
    res.end(out.text);
  });
}

describe('the committed flow, exported as Arazzo and replayed', () => {
  it('is read as the same calls as its HAR, the step ids kept', () => {
    const file = exported(readFileSync(FLOW, 'utf8'), 'list-and-open-group');
    const plan = planOf(file);
    expect(plan.calls.map((c) => [c.operationId, c.har.stepId, c.har.status])).toEqual([
      ['listGroups', 'listGroups1', 200],
      ['getGroup', 'getGroup1', 200],
    ]);
    expect(plan.file).toBe('list-and-open-group.arazzo.yaml');
  });

  it.each([
    ['the mock it was recorded on', () => mock.config],
    ['an independent implementation (other data, other ids)', () => target.config],
  ])('passes on %s', { timeout: 60_000 }, async (_label, config) => {
    const result = await replay(config(), planOf(exported(readFileSync(FLOW, 'utf8'), 'list-and-open-group')));
    expect(failures(result)).toEqual([]);
    expect(result.counts.skipped).toBe(0);
    // The id the second step took from the first step's answer was the target's own.
    expect(result.cases.map((c) => c.title)).toEqual(expect.arrayContaining(['#2 get /v1/groups/{groupId} (step getGroup1)']));
  });

  it('fails on an implementation that cannot find a group it listed, naming the step', { timeout: 60_000 }, async () => {
    const broken = await startBroken(mock.url, (url, status, text) =>
      /^\/v1\/groups\/[0-9a-f]{24}$/.test(url) ? { status: 404, text: JSON.stringify({ title: 'Not found', status: 404 }) } : { status, text },
    );
    try {
      const result = await replay({ ...mock.config, baseUrl: broken.url }, planOf(exported(readFileSync(FLOW, 'utf8'), 'list-and-open-group')));
      expect(result.conformant).toBe(false);
      expect(failures(result)).toEqual([
        expect.stringMatching(/^#2 get \/v1\/groups\/\{groupId\} \(step getGroup1\): replay-status-class: recorded 200, answered 404/),
      ]);
    } finally {
      await broken.close();
    }
  });
});

describe('a whole frontend session (uploads, approvals, a data action) as Arazzo', () => {
  it('passes on an independent implementation, as its HAR does', { timeout: 60_000 }, async () => {
    const plan = planOf(session.arazzo, session.recorded);
    expect(plan.calls).toHaveLength(16);
    const result = await replay(target.config, plan);
    expect(failures(result)).toEqual([]);
    expect(result.counts.skipped).toBe(0);
  });
});

describe('what a replay cannot read in an Arazzo document is a usage error naming the step', () => {
  const write = (name: string, text: string): string => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const workflow = (steps: string) =>
    `arazzo: 1.0.1\ninfo: {title: t, version: '1'}\nsourceDescriptions: [{name: api, url: openapi.yaml, type: openapi}]\nworkflows:\n  - workflowId: w\n    steps:\n${steps}`;
  it.each([
    [
      'an unknown operationId',
      workflow('      - {stepId: a, operationId: nope, successCriteria: [{condition: $statusCode == 200}]}\n'),
      /step w\.a: "nope" is not an operationId/,
    ],
    ['a missing path parameter', workflow('      - {stepId: a, operationId: getGroup}\n'), /step w\.a: no value for the path parameter groupId of getGroup/],
    [
      'an output of a later or unknown step',
      workflow('      - stepId: a\n        operationId: getGroup\n        parameters: [{name: groupId, in: path, value: $steps.b.outputs.id}]\n'),
      /step w\.a: parameter groupId "\$steps\.b\.outputs\.id": a replay reads/,
    ],
    ['another Arazzo version', 'arazzo: 2.0.0\nworkflows: []\n', /Arazzo 2\.0\.0 is not read/],
    ['no workflows', 'arazzo: 1.0.1\n', /has no arazzo version and workflows list/],
  ])('%s', (_label, text, message) => {
    const file = write('bad.arazzo.yaml', text);
    expect(() => planOf(file)).toThrow(UsageError);
    expect(() => planOf(file)).toThrow(message);
  });

  it('takes operationPath, embedded expressions and input defaults', () => {
    const file = write(
      'paths.arazzo.yaml',
      `${workflow(
        [
          '      - stepId: list',
          "        operationPath: '{$sourceDescriptions.api.url}#/paths/~1v1~1groups/get'",
          '        parameters: [{name: community-id, in: header, value: $inputs.community}, {name: limit, in: query, value: 2}]',
          '        successCriteria: [{condition: $statusCode == 200}, {condition: $response.body#/0/name != null}]',
          '        outputs: {first: $response.body#/0/_id}',
          '      - stepId: open',
          '        operationId: $sourceDescriptions.api.getGroup',
          "        parameters: [{name: groupId, in: path, value: '{$steps.list.outputs.first}'}]",
        ].join('\n') + '\n',
      )}`.replace(
        '  - workflowId: w\n',
        "  - workflowId: w\n    inputs: {type: object, properties: {community: {type: string, default: '6615e1a0c0ffee0000000001'}}}\n",
      ),
    );
    const plan = planOf(file);
    expect(plan.calls.map((c) => [c.operationId, c.har.url, c.har.headers['community-id'], c.har.status])).toEqual([
      ['listGroups', 'http://arazzo.invalid/v1/groups?limit=2', '6615e1a0c0ffee0000000001', 200],
      ['getGroup', 'http://arazzo.invalid/v1/groups/arazzo1x1first', undefined, 200],
    ]);
    // The output's token sits where the later step's value comes from.
    expect(plan.calls[0]?.responseJson).toEqual([{ _id: 'arazzo1x1first' }]);
    expect(plan.skipped).toMatchObject({
      'a success criterion other than $statusCode == N (not evaluated)': 1,
      'a step with no $statusCode criterion (a 200 expected)': 1,
    });
  });
});
