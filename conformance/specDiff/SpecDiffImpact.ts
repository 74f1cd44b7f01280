import type { OpenAPIV3_1 } from 'openapi-types';
import type { FlowImpact, FlowReplay } from './flowImpact.ts';
import type { ReportImpact } from './reportImpact.ts';

/** What the change does to the recorded flows (--flows DIR) and the conformance reports (--reports DIR). */
export interface SpecDiffImpact {
  flows?: FlowImpact[];
  reports?: ReportImpact[];
}

/** A recorded flow as read from the folder. */
export interface RecordedFlow {
  file: string;
  text: string;
}

/**
 * Replays recorded flows against a mock built from the new contract, one FlowReplay per flow in order. The
 * suite never imports the mock (docs/architecture.md), so the runner that starts one is given from outside
 * (scripts/specDiff.ts); without it a flow is judged statically only.
 */
export type FlowReplayer = (
  contracts: { base: OpenAPIV3_1.Document; head: OpenAPIV3_1.Document; headLabel: string },
  flows: readonly RecordedFlow[],
) => Promise<FlowReplay[]>;
