import type { IncomingMessage } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { ConformConfig } from '../config/ConformConfig.ts';
import { runConformance } from '../run/runConformance.ts';
import type { RunResult } from '../run/RunResult.ts';
import { readBody, startServer, type RunningServer } from '../testing/startServer.ts';
import type { TargetOptions } from '../testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { readHar } from '../har/readHar.ts';
import { createReplayScenario, type ReplayPlan } from './replayScenario.ts';
import { selectApiEntries } from './selectApiEntries.ts';
import { recordMockSession, type RecordedSession } from './testing/recordMockSession.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');
const contract = loadContract();
let session: RecordedSession;
beforeAll(async () => {
  session = await recordMockSession();
}, 60_000);

const planOf = (har: string, recorded: Partial<ConformConfig>): ReplayPlan => ({
  file: 'session.har',
  sha256: '0',
  recorded,
  ...selectApiEntries(readHar(har, 'session.har'), contract),
});
const replay = (config: ConformConfig, plan = planOf(session.har, session.config)): Promise<RunResult> =>
  runConformance({ config, areas: ['replay'], scenarios: [createReplayScenario(plan, { pollDelayMs: 20 })], seed: 7, now: NOW, contract });
const failures = (r: RunResult) => r.cases.flatMap((c) => c.failures.map((f) => `${c.title}: ${f.check}: ${f.message}`));
const checksRun = (r: RunResult) => new Set(r.cases.flatMap((c) => c.checks ?? []));

interface Bug {
  request?(method: string, url: string, body: string | undefined): { method: string; url: string; body: string | undefined };
  answer?(url: string, status: number, text: string): string;
}

/** An implementation with one bug: the correct one behind a rewrite of some requests or answers. */
function startBuggy(upstream: string, bug: Bug): Promise<RunningServer> {
  return startServer(async (req: IncomingMessage, res) => {
    const sent = { method: req.method ?? 'GET', url: req.url ?? '/', body: req.method === 'GET' ? undefined : await readBody(req) };
    const { method, url, body } = bug.request?.(sent.method, sent.url, sent.body) ?? sent;
    const { 'content-length': _length, host: _host, ...headers } = req.headers;
    const answer = await fetch(upstream + url, { method, headers: headers as Record<string, string>, redirect: 'manual', ...(body ? { body } : {}) });
    const text = await answer.text();
    const location = answer.headers.get('location');
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', ...(location ? { location } : {}) });
    res.end(bug.answer?.(sent.url, answer.status, text) ?? text);
  });
}

describe('a session recorded on the mock, replayed', () => {
  let target: TestTarget | undefined;
  let broken: RunningServer | undefined;
  afterEach(async () => {
    await broken?.close();
    await target?.close();
    target = broken = undefined;
  });

  it('replays every API call of the journal, mapping the configured values and the ids by provenance', () => {
    const plan = planOf(session.har, session.config);
    expect(plan.calls.map((c) => c.operationId)).toEqual([
      'listGroups',
      'listGroups',
      'listGroups',
      'listGroups',
      'getGroup',
      'searchGroups',
      'uploadSyncEntities',
      'searchGroups',
      'listAppInstallations',
      'approveAppInstallation',
      'listAppInstallations',
      'updateAppInstallation',
      'listAppInstallations',
      'getUpdatedUsers',
      'listGroups',
      'getUserInfo',
    ]);
    expect(plan.skipped).toEqual({ 'OAuth page or token request': 2 });
  });

  it.each<[string, TargetOptions]>([
    ['its defaults', {}],
    ['pages from 0, a page size of at most 5', { firstPage: 0, maxLimit: 5, clampLimit: true, defaultLimit: 3 }],
    ['403 for a bad token, application/json errors, a 202 upload with no body', { badTokenStatus: 403, errorType: 'application/json', upload: '202-empty' }],
    ['newest first, no X-Total-Count, search without paging', { newestFirst: true, totalHeader: false, searchPaging: false }],
  ])('passes on an independent implementation with %s', { timeout: 60_000 }, async (_name, options) => {
    target = await startTestTarget(options);
    const result = await replay(target.config);
    expect(failures(result)).toEqual([]);
    expect(result.counts.skipped).toBe(0);
    // The login step, then each call.
    expect(result.counts.passed).toBe(17);
    // The relations the recording shows were judged, not just the statuses.
    for (const check of [
      'oauth-flow',
      'get-matches-list',
      'pages-disjoint',
      'replay-write-visible',
      'approve-effect',
      'replay-status-class',
      'response-schema',
    ])
      expect(checksRun(result)).toContain(check);
  });

  it('fails an implementation whose group read by id differs from its list entry, recorded and actual side by side', { timeout: 60_000 }, async () => {
    target = await startTestTarget();
    // The bug: a group read by id has another name than the list showed (a stale cache, say).
    broken = await startBuggy(target.url, {
      answer: (url, status, text) =>
        /^\/v1\/groups\/[0-9a-f]{6,}$/.test(url) && status === 200 ? JSON.stringify({ ...(JSON.parse(text) as object), name: 'Nome antigo' }) : text,
    });
    const result = await replay({ ...target.config, baseUrl: broken.url });
    expect(result.conformant).toBe(false);
    const failure = result.cases.flatMap((c) => c.failures).find((f) => f.check === 'get-matches-list');
    expect(failure).toMatchObject({ severity: 'MUST', path: 'response.name', actual: 'Nome antigo' });
  });

  it('fails an implementation that loses an upload, showing the recorded answer beside the actual one', { timeout: 60_000 }, async () => {
    target = await startTestTarget();
    // The bug: the upload is acknowledged, nothing is stored.
    broken = await startBuggy(target.url, {
      request: (method, url, body) => (/uploadEntities/.test(url) ? { method: 'GET', url: '/v1/groups', body: undefined } : { method, url, body }),
      answer: (url, _status, text) => (/uploadEntities/.test(url) ? '{"received": true}' : text),
    });
    const result = await replay({ ...target.config, baseUrl: broken.url });
    const failure = result.cases.flatMap((c) => c.failures).find((f) => f.check === 'replay-write-visible');
    expect(failure?.message).toContain('front-replay-1');
    expect(failure?.expected).toMatchObject({
      recorded: expect.stringContaining('/v1/groups/search?alias=front-replay-1'),
      status: 200,
      body: expect.stringContaining('front-replay-1'),
    });
    expect(failure?.actual).toMatchObject({ status: 200, body: expect.not.stringContaining('front-replay-1') });
  });

  it('fails an implementation that answers an installation update but does not store it', { timeout: 60_000 }, async () => {
    target = await startTestTarget();
    // The bug: the update is acknowledged, its body never applied.
    broken = await startBuggy(target.url, { request: (method, url, body) => ({ method, url, body: method === 'PUT' ? '{}' : body }) });
    const result = await replay({ ...target.config, baseUrl: broken.url });
    const failure = result.cases.flatMap((c) => c.failures).find((f) => f.check === 'replay-write-visible');
    expect(failure?.message).toMatch(/^the installation's contactInfo as updated, seen in the recorded answer, is not in the target's answer \(5 tries\)/);
  });

  it('reports a call whose id came from nowhere as not replayable, not failed', { timeout: 60_000 }, async () => {
    target = await startTestTarget();
    const har = JSON.parse(session.har) as { log: { entries: Array<{ request: { url: string } }> } };
    // A group id no answer showed (typed in, or from a list the recording left out).
    for (const e of har.log.entries) e.request.url = e.request.url.replace(/\/v1\/groups\/[0-9a-f]{24}$/, '/v1/groups/0123456789abcdef01234567');
    const result = await replay(target.config, planOf(JSON.stringify(har), session.config));
    const read = result.cases.find((c) => c.title.includes('/v1/groups/{groupId}'));
    expect(read).toMatchObject({
      status: 'skipped',
      skipReason: expect.stringMatching(/^not replayable: groupId "0123456789abcdef01234567" came from no earlier answer/),
    });
    expect(failures(result)).toEqual([]);
  });

  it('reports a call whose request body the recorder cut as not replayable, never sending a part of it', { timeout: 60_000 }, async () => {
    target = await startTestTarget();
    const har = JSON.parse(session.har) as { log: { entries: Array<{ request: { url: string; postData?: { text: string } } }> } };
    // The mock's journal keeps the first 8 KiB of a body: a large upload arrives cut.
    for (const e of har.log.entries)
      if (e.request.url.includes('/uploadEntities') && e.request.postData) e.request.postData.text = e.request.postData.text.slice(0, 40);
    const result = await replay(target.config, planOf(JSON.stringify(har), session.config));
    const upload = result.cases.find((c) => c.title.includes('uploadEntities'));
    expect(upload).toMatchObject({
      status: 'skipped',
      skipReason: expect.stringMatching(/^not replayable: the recording kept 40 characters of the request body/),
    });
  });
});

describe('leaving out what is not the API', () => {
  it.each<[string, string, number, string | undefined]>([
    ['an API call behind a prefix', 'http://localhost:5173/api/v1/groups?limit=2', 200, undefined],
    ['a mock control', 'http://localhost:4010/__mock/journal', 200, 'mock control (/__mock)'],
    ['an OAuth page', 'http://localhost:4010/oauth/authorize?client_id=x', 302, 'OAuth page or token request'],
    ['a script', 'http://localhost:5173/src/main.ts', 200, 'not an operation of the API'],
    ['a request that got no answer', 'http://localhost:4010/v1/groups', 0, 'no answer recorded'],
  ])('%s', (_name, url, status, skipped) => {
    const har = JSON.stringify({
      log: {
        entries: [
          { startedDateTime: '2026-01-01T00:00:00Z', request: { method: 'GET', url, headers: [] }, response: { status, headers: [], content: { text: '[]' } } },
        ],
      },
    });
    const { calls, skipped: counts } = selectApiEntries(readHar(har, 'x.har'), contract);
    if (skipped) expect(counts).toEqual({ [skipped]: 1 });
    else expect(calls).toMatchObject([{ operationId: 'listGroups', query: [['limit', '2']] }]);
  });

  it.each([
    ['not JSON', 'nope', /not JSON/],
    ['no entries', '{"log":{}}', /no log.entries/],
    ['an entry without a request', '{"log":{"entries":[{}]}}', /entries\[0\] has no request/],
  ])('refuses a HAR that is %s', (_name, text, message) => {
    expect(() => readHar(text, 'x.har')).toThrow(message);
  });
});
