import { HttpProblem } from '../problems/HttpProblem.ts';

/** A path pattern is at most this long and holds at most this many `*`: a filter, not a program. */
export const GLOB_MAX_LENGTH = 512;
export const GLOB_MAX_STARS = 16;

/** Refuses a pattern beyond the bounds with a 400 naming them (it comes from any page or script). */
export function checkGlob(glob: string): void {
  if (glob.length > GLOB_MAX_LENGTH) throw new HttpProblem('invalid_request', `path is at most ${GLOB_MAX_LENGTH} characters, got ${glob.length}.`);
  let stars = 0;
  for (let i = 0; i < glob.length; i++) if (glob.charCodeAt(i) === 42) stars++;
  if (stars > GLOB_MAX_STARS) throw new HttpProblem('invalid_request', `path holds at most ${GLOB_MAX_STARS} "*", got ${stars}.`);
}

/**
 * Whether `text` matches `glob`, where `*` stands for any run of characters and everything else for itself.
 * The classic two-pointer wildcard match: on a mismatch it resumes one character after where the last `*`
 * started, never revisiting an earlier `*`, so it takes at most about |glob| × |text| steps and never
 * backtracks exponentially as a regular expression built from `*a*a*a…b` does. `steps`, when given,
 * counts the comparisons (for tests that bound the work without timing it).
 */
export function globMatch(glob: string, text: string, steps?: { n: number }): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  let n = 0;
  while (t < text.length) {
    n++;
    if (g < glob.length && glob[g] !== '*' && glob[g] === text[t]) {
      g++;
      t++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      resume = t;
    } else if (star >= 0) {
      g = star + 1;
      t = ++resume;
    } else {
      if (steps) steps.n += n;
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g++;
  if (steps) steps.n += n;
  return g === glob.length;
}
