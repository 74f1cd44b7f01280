import type { Contract } from '../../spec/contract.ts';
import { readHar } from '../har/readHar.ts';
import { selectApiEntries } from '../replay/selectApiEntries.ts';
import type { Level, SpecChange } from './SpecChange.ts';

/** A recorded request that reaches an operation the new contract breaks for whoever sent it. */
export interface FlowHit {
  /** 1-based among the flow's API calls, as the replay's step titles number them. */
  call: number;
  method: string;
  path: string;
  operationId: string;
  changes: Array<Pick<SpecChange, 'rule' | 'pointer' | 'sentence'>>;
}

/** What replaying a flow against a mock built from the new contract showed. */
export type FlowReplay =
  | { status: 'passed'; calls: number }
  | { status: 'failed'; calls: number; failures: string[] }
  /** The flow was judged statically only: why the replay could not run. */
  | { status: 'not-replayed'; reason: string };

/** One recorded flow (a HAR) and what the new contract does to it. */
export interface FlowImpact {
  file: string;
  /** API calls in the recording (assets, OAuth pages and mock control left out, as a replay leaves them). */
  calls: number;
  hits: FlowHit[];
  replay?: FlowReplay;
  /** A recorded call reaches a change breaking for its sender, or the replay on the new contract fails. */
  broken: boolean;
}

/**
 * The grade a change has for the party that sent a recorded request. For the data actions the platform sends
 * and the app answers, so the caller's grade is the `implementations` column there (SpecChange.rolesInverted).
 */
export function callerLevel(change: SpecChange): Level {
  return change.rolesInverted ? change.implementations : change.clients;
}

/**
 * The static match: each recorded API call found on the OLD contract (the one it was recorded against: a call
 * to an operation the new one removed must still be found) and named with every change breaking for its sender.
 */
export function staticFlowImpact(file: string, harText: string, base: Contract, changes: readonly SpecChange[]): FlowImpact {
  const { calls } = selectApiEntries(readHar(harText, file), base);
  const breaking = new Map<string, SpecChange[]>();
  for (const c of changes) if (c.operation !== undefined && callerLevel(c) === 'breaking') breaking.set(c.operation, [...(breaking.get(c.operation) ?? []), c]);
  const hits: FlowHit[] = [];
  for (const call of calls) {
    const found = breaking.get(call.operationId);
    if (!found) continue;
    hits.push({
      call: call.n,
      method: call.har.method,
      path: pathOf(call.har.url),
      operationId: call.operationId,
      changes: found.map(({ rule, pointer, sentence }) => ({ rule, pointer, sentence })),
    });
  }
  return { file, calls: calls.length, hits, broken: hits.length > 0 };
}

/** The flow's verdict once its replay is known: broken statically or by a failed replay. */
export function withReplay(flow: FlowImpact, replay: FlowReplay): FlowImpact {
  // The replay finds calls on the new contract: one that reaches no operation there was not sent, and fails it.
  const lost = replay.status === 'not-replayed' ? 0 : flow.calls - replay.calls;
  const judged: FlowReplay =
    lost > 0 && replay.status !== 'not-replayed'
      ? {
          status: 'failed',
          calls: replay.calls,
          failures: [
            `${lost} of ${flow.calls} recorded API call${flow.calls === 1 ? '' : 's'} reach${lost === 1 ? 'es' : ''} no operation of the new contract`,
            ...(replay.status === 'failed' ? replay.failures : []),
          ],
        }
      : replay;
  return { ...flow, replay: judged, broken: flow.hits.length > 0 || judged.status === 'failed' };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
