import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { buildContract } from '../spec/buildContract.ts';
import type { Contract } from '../spec/contract.ts';
import { buildConformConfig } from '../fixtures/conformConfig.ts';
import { readDefaultDataset } from '../fixtures/defaultDataset.ts';
import { generateDataset } from '../fixtures/generateDataset.ts';
import type { Dataset } from '../fixtures/records.ts';
import { createApp } from '../mock/app.ts';
import { createFrozenClock } from '../mock/clock.ts';
import { composeDeps, DEFAULT_SEED } from '../mock/composeDeps.ts';
import { createMockServer } from '../mock/http/createMockServer.ts';
import { operationHandlers } from '../mock/handlers/operationHandlers.ts';
import { OAUTH_OPERATION_IDS } from '../mock/oauth/oauthOperationIds.ts';
import { mockableDocument } from './mockableDocument.ts';
import { DEFAULT_SESSION } from '../mock/sessions/SessionRegistry.ts';
import type { ConformConfig } from '../conformance/config/ConformConfig.ts';
import { readHar } from '../conformance/har/readHar.ts';
import { createReplayScenario } from '../conformance/replay/replayScenario.ts';
import { selectApiEntries } from '../conformance/replay/selectApiEntries.ts';
import { runConformance } from '../conformance/run/runConformance.ts';
import type { FlowReplay } from '../conformance/specDiff/flowImpact.ts';
import type { FlowReplayer, RecordedFlow } from '../conformance/specDiff/SpecDiffImpact.ts';

/** The operations the mock answers: its handlers' and its OAuth router's. */
const HANDLED: ReadonlySet<string> = new Set([...Object.keys(operationHandlers), ...OAUTH_OPERATION_IDS]);

/** A replay's failures listed at most: the rest are counted in the total. */
const MAX_FAILURES = 20;

export interface MockReplayerOptions {
  /** The data the flows were recorded on (the mock's default seed unless given). */
  dataset?: Dataset;
  /** The run's clock and the mock's frozen one (the suite takes no Date.now). */
  now?: () => Date;
}

/**
 * Replays each recorded flow against a mock built from the NEW contract, with the suite's replay scenario and
 * checks (conformance/replay). It lives in scripts/ because it starts the mock, which the suite never imports
 * (docs/architecture.md). Each flow gets a fresh mock on 127.0.0.1:0 and the data it was recorded on, so
 * what one flow wrote cannot change another's verdict. The mock's handlers are the current code's: a flow is
 * only replayed when the new contract's operations are ones they answer (mockableDocument); otherwise it is
 * judged statically, and the output says so.
 */
export function createMockReplayer(options: MockReplayerOptions = {}): FlowReplayer {
  const now = options.now ?? (() => new Date('2026-03-01T12:00:00.000Z'));
  return async ({ base, head, headLabel }, flows) => {
    const notReplayed = (reason: string): FlowReplay[] => flows.map(() => ({ status: 'not-replayed', reason }));
    const mockable = mockableDocument(base, head, HANDLED);
    if (!mockable.ok) return notReplayed(mockable.reason);
    let contract: Contract;
    let mockContract: Contract;
    try {
      contract = buildContract(head, headLabel);
      mockContract = mockable.document === head ? contract : buildContract(mockable.document, headLabel);
    } catch (error) {
      return notReplayed(`the new contract builds no mock: ${(error as Error).message}`);
    }
    const dataset = options.dataset ?? readDefaultDataset(DEFAULT_SEED) ?? generateDataset({ seed: DEFAULT_SEED, size: 'default' });
    const out: FlowReplay[] = [];
    for (const flow of flows) out.push(await replayOne(flow, contract, mockContract, dataset, now));
    return out;
  };
}

async function replayOne(flow: RecordedFlow, contract: Contract, mockContract: Contract, dataset: Dataset, now: () => Date): Promise<FlowReplay> {
  const deps = composeDeps(mockContract, dataset, { clock: createFrozenClock(now()) });
  const { app } = createApp(deps);
  const server: Server = createMockServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const recorded: ConformConfig = { baseUrl, ...buildConformConfig(deps.sessions.use(DEFAULT_SESSION).store.snapshot()) };
    // Found on the new contract, as `conform --replay` on it would: a call to a removed operation is left out
    // here, and the caller counts it against the static match.
    const { calls, skipped } = selectApiEntries(readHar(flow.text, flow.file), contract);
    const plan = { file: flow.file, sha256: '', calls, skipped, recorded };
    const result = await runConformance({ config: recorded, areas: ['replay'], scenarios: [createReplayScenario(plan)], seed: DEFAULT_SEED, now, contract });
    const failures = result.cases.flatMap((c) => c.failures.map((f) => `${c.title}: ${f.check}: ${f.message}`));
    if (failures.length === 0 && result.cases.every((c) => c.status !== 'failed')) return { status: 'passed', calls: calls.length };
    return { status: 'failed', calls: calls.length, failures: failures.slice(0, MAX_FAILURES) };
  } finally {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  }
}
