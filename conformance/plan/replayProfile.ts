import type { ReplayPlan } from '../replay/replayScenario.ts';
import type { Profile } from './profiles.ts';

/** The test plan of a replay: the operations the recording calls, each exchange's checks and the replay's own. */
export function replayProfile(plan: ReplayPlan, checks: readonly string[]): Profile {
  return {
    name: 'replay',
    summary: `the calls recorded in ${plan.file}`,
    areas: ['replay'],
    readOnly: false,
    operations: [...new Set(plan.calls.map((c) => c.operationId))],
    checks: [...checks],
  };
}
