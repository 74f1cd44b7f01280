import type { Area } from '../config/ConformConfig.ts';
import type { Absent, Facts, Step } from '../step/Step.ts';
import type { StepContext } from '../step/StepContext.ts';

/**
 * Runs one step: the engine gives it the facts it needs, or skips it with the reason one is missing. A step
 * written in place is typed from what it declares, as one made with `stepsOf` is. Resolves to the facts known
 * after it: a scenario whose later steps depend on what was learned (one per operation found) chooses them so.
 */
export type StepRunner<F extends Facts = Facts> = <N extends keyof F = never, U extends keyof F = never, P extends keyof F = never>(
  step: Step<F, N, U, P>,
) => Promise<Readonly<Partial<F>>>;

/**
 * The requests and checks of one area, as steps in order. What a step learns for later ones is a fact it
 * provides and they declare (`Step`): the engine holds it between them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds scenarios of different facts
export interface Scenario<F extends Facts = any> {
  area: Area;
  title: string;
  /** Why this scenario cannot run with the given configuration (its cases are skipped), or undefined. */
  missing(s: StepContext): string | undefined;
  /** Why each fact its steps hand on may be missing: the skip reason of a step that needs it. */
  absent?: Absent<F>;
  /** Hands the engine its steps, in order (a scenario may choose its steps from the configuration). */
  run(step: StepRunner<F>, s: StepContext): Promise<void>;
}
