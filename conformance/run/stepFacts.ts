import type { Absent, AnyStep, Facts } from '../step/Step.ts';

/** The facts one run of a scenario has gathered so far, as the engine holds them between its steps. */
export interface StepFacts<F extends Facts> {
  /** Why the step cannot run (the reason for the first fact it needs and no earlier step provided), or undefined. */
  lacking(step: AnyStep<F>): string | undefined;
  /** The facts the step declared (needs and uses), those provided. */
  given(step: AnyStep<F>): Partial<F>;
  /** Every fact provided so far. */
  known(): Readonly<Partial<F>>;
  /** Records a fact the step hands on; a step hands on only what it declares. */
  provider(step: AnyStep<F>): (name: keyof F, value: F[keyof F]) => void;
}

/** An empty book of facts for one run of a scenario, with the scenario's reasons for a missing one. */
export function createStepFacts<F extends Facts>(absent: Absent<F> | undefined): StepFacts<F> {
  const known = new Map<keyof F, F[keyof F]>();
  return {
    lacking(step) {
      const name = step.needs?.find((n) => !known.has(n));
      return name === undefined ? undefined : (absent?.[name] ?? `no ${String(name)}: an earlier step could not provide it`);
    },
    given(step) {
      const names = [...(step.needs ?? []), ...(step.uses ?? [])];
      return Object.fromEntries(names.filter((n) => known.has(n)).map((n) => [n, known.get(n)])) as Partial<F>;
    },
    known() {
      return Object.fromEntries(known) as Partial<F>;
    },
    provider(step) {
      return (name, value) => {
        if (!step.provides?.includes(name)) throw new Error(`the step "${step.title}" hands on ${String(name)}, which it does not declare`);
        known.set(name, value);
      };
    },
  };
}
