import type { Area } from '../config/ConformConfig.ts';
import type { StepContext } from '../step/StepContext.ts';

/** Runs one step: a titled unit of the report, passed, failed or skipped. */
export type StepRunner = (title: string, body: (s: StepContext) => Promise<void>) => Promise<void>;

/** The requests and checks of one area. Steps share what earlier steps learned through the closure. */
export interface Scenario {
  area: Area;
  title: string;
  /** Why this scenario cannot run with the given configuration (its cases are skipped), or undefined. */
  missing(s: StepContext): string | undefined;
  run(step: StepRunner, s: StepContext): Promise<void>;
}
