import { generateScenario } from '../generate/generateScenario.ts';
import type { GenerateSettings } from '../generate/GenerateSettings.ts';
import type { RunResult } from '../run/RunResult.ts';
import { runConformance, type RunOptions } from '../run/runConformance.ts';
import type { Scenario } from '../scenarios/Scenario.ts';
import { scenarios } from '../scenarios/scenarios.ts';

/** The engine's options, with the scenarios of every area unless a test gives its own list. */
export type EveryScenarioOptions = Omit<RunOptions, 'scenarios'> & {
  scenarios?: readonly Scenario[];
  /** The generative phase's settings (--generate N, --replay-case); its defaults otherwise. */
  generate?: GenerateSettings;
};

/**
 * The engine given every scenario and then the generative phase, as `assembleRun` gives them for a run of every
 * area: for the tests that drive the engine directly (the areas option still selects which run).
 */
export function runEveryScenario(options: EveryScenarioOptions): Promise<RunResult> {
  const { generate, scenarios: given, ...rest } = options;
  return runConformance({ ...rest, scenarios: given ?? [...scenarios, generateScenario(generate)] });
}
