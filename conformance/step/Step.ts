import type { StepContext } from './StepContext.ts';

/**
 * The facts a scenario's steps hand on to later ones, by name: what a step learned (the paging conventions,
 * the groups seen) that another step takes as its input. Each scenario names its own.
 */
export type Facts = object;

/** Hands a fact on to the steps after this one, at once: a fact learned before the step failed still serves them. */
export type Provide<F extends Facts, P extends keyof F> = <K extends P>(name: K, value: F[K]) => void;

/** The facts a step is given: each one it needs, and those it may use when an earlier step provided them. */
export type Given<F extends Facts, N extends keyof F, U extends keyof F> = Readonly<Pick<F, N> & Partial<Pick<F, U>>>;

/**
 * One titled unit of the report (passed, failed or skipped). It declares what it takes from earlier steps:
 * the engine gives it those facts, and skips it, with the scenario's reason for the missing fact, when an
 * earlier step could not provide one it needs.
 */
export interface Step<F extends Facts = Facts, N extends keyof F = never, U extends keyof F = never, P extends keyof F = never> {
  readonly title: string;
  /** Facts the step cannot go without: it is skipped, named, when one is missing. */
  readonly needs?: readonly N[];
  /** Facts the step reads when they are there, and does without otherwise. */
  readonly uses?: readonly U[];
  /** Facts the step hands on. */
  readonly provides?: readonly P[];
  run(s: StepContext, given: Given<F, N, U>, provide: Provide<F, P>): Promise<void>;
}

/** A step of a scenario's facts, whatever it declares: what the engine runs. */
export type AnyStep<F extends Facts = Facts> = Step<F, keyof F, keyof F, keyof F>;

/** Why each fact of a scenario may be missing: the skip reason of a step that needs it. */
export type Absent<F extends Facts> = { readonly [K in keyof F]-?: string };

/**
 * The step builder of one scenario's facts: `const step = stepsOf<GroupsFacts>()` then `step({ title, needs:
 * ['paging'], run })`, whose `given` is typed from what it declares.
 */
export function stepsOf<F extends Facts>() {
  return <N extends keyof F = never, U extends keyof F = never, P extends keyof F = never>(step: Step<F, N, U, P>): AnyStep<F> => step as unknown as AnyStep<F>;
}
