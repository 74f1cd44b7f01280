import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { ConformConfig } from '../config/ConformConfig.ts';
import type { RunResult } from '../run/RunResult.ts';
import { runConformance } from '../run/runConformance.ts';
import { REPLAY_FAULTS, type ReplayFault } from '../testing/target/TargetOptions.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { readHar } from '../har/readHar.ts';
import { createReplayScenario, type ReplayPlan } from './replayScenario.ts';
import { selectApiEntries } from './selectApiEntries.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');
const contract = loadContract();
const RECORDED: Partial<ConformConfig> = {
  community: 'colegio-horizonte',
  token: 'tok-gravado',
  otherCommunity: { community: 'escola-aurora', groupId: '678902d0ca8a0aa6d73fa070' },
};
const BASE = 'http://localhost:5173';

/** A group as the recording's platform answered it. */
const group = (i: number) => ({
  _id: `64b7f0c2a1e4d93b5c0f2c${String(i).padStart(2, '0')}`,
  alias: `gravado-${i}`,
  name: `Turma Gravada ${i}`,
  community: 'colegio-horizonte',
  createdAt: `2026-01-15T10:0${i}:00.000Z`,
  active: true,
});
const LISTED = [0, 1, 2].map(group);

/** A browser's recording of a frontend: the page and its script, the list, a filter, a read, a foreign read. */
function harOf(): string {
  const entry = (at: number, url: string, status: number, body: unknown, extra: Record<string, unknown> = {}, type = 'application/json') => ({
    startedDateTime: new Date(Date.UTC(2026, 2, 2, 9, 0, at)).toISOString(),
    request: {
      method: 'GET',
      url: BASE + url,
      headers: [
        { name: 'authorization', value: 'Bearer tok-gravado' },
        { name: 'community-id', value: 'colegio-horizonte' },
      ],
    },
    response: { status, headers: [{ name: 'content-type', value: type }], content: { text: typeof body === 'string' ? body : JSON.stringify(body) } },
    ...extra,
  });
  return JSON.stringify({
    log: {
      entries: [
        entry(0, '/', 200, '<!doctype html><div id="app"></div>', { _resourceType: 'document' }, 'text/html'),
        entry(1, '/assets/index.js', 200, 'export {}', { _resourceType: 'script' }, 'text/javascript'),
        // The frontend's own route /v1/groups, reloaded in the address bar: its index.html, not the API.
        entry(1, '/v1/groups', 200, '<!doctype html><div id="app"></div>', { _resourceType: 'document' }, 'text/html'),
        entry(2, '/api/v1/groups?limit=3', 200, LISTED, { _resourceType: 'fetch' }),
        entry(3, `/api/v1/groups?limit=3&name=${encodeURIComponent(LISTED[1]!.name)}`, 200, [LISTED[1]], { _resourceType: 'fetch' }),
        entry(4, `/api/v1/groups/${LISTED[2]!._id}`, 200, LISTED[2], { _resourceType: 'fetch' }),
        entry(
          5,
          `/api/v1/groups/${RECORDED.otherCommunity!.groupId}`,
          404,
          { title: 'Not Found', status: 404 },
          { _resourceType: 'fetch' },
          'application/problem+json',
        ),
      ],
    },
  });
}

const plan = (): ReplayPlan => ({ file: 'front.har', sha256: '0', recorded: RECORDED, ...selectApiEntries(readHar(harOf(), 'front.har'), contract) });
const replay = (config: ConformConfig): Promise<RunResult> =>
  runConformance({ config, areas: ['replay'], scenarios: [createReplayScenario(plan(), { pollDelayMs: 20 })], seed: 7, now: NOW, contract });
const musts = (r: RunResult): string[] => [...new Set(r.cases.flatMap((c) => c.failures.filter((f) => f.severity === 'MUST').map((f) => f.check)))].sort();

// Every answer judged by every oracle that applies, wherever it came from: a replayed answer is held to the
// filter's own oracle, to the key spelling, and a read refused when recorded must be refused again.
describe('a browser recording replayed: every oracle that applies, and nothing that is no API call', () => {
  let target: TestTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it('sends the four API calls only (not the page, not its script), the foreign read among them', () => {
    const { calls, skipped } = plan();
    expect(calls.map((c) => `${c.operationId} ${c.har.status}`)).toEqual(['listGroups 200', 'listGroups 200', 'getGroup 200', 'getGroup 404']);
    expect(skipped).toEqual({ 'asset (document)': 1, 'asset (script)': 1, 'page (an HTML document, not an API call)': 1 });
  });

  it('passes a correct target, every call sent and judged by the filter, spelling and status oracles', async () => {
    target = await startTestTarget();
    const result = await replay(target.config);
    expect(result.cases.flatMap((c) => c.failures.map((f) => `${c.title}: ${f.check}: ${f.message}`))).toEqual([]);
    expect(result.cases.filter((c) => c.status === 'skipped').map((c) => `${c.title}: ${c.skipReason}`)).toEqual([]);
    const ran = new Set(result.cases.flatMap((c) => c.checks ?? []));
    for (const check of ['filter-matches', 'key-spelling', 'replay-status-class']) expect(ran).toContain(check);
  });

  it.each(Object.entries(REPLAY_FAULTS) as Array<[ReplayFault, string]>)('the fault %s fails %s (MUST)', async (fault, check) => {
    target = await startTestTarget({ faults: [fault] });
    const result = await replay(target.config);
    expect(result.conformant).toBe(false);
    expect(musts(result)).toContain(check);
  });
});
