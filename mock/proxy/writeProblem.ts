import type { Response } from 'express';
import type { HttpProblem } from '../problems/HttpProblem.ts';
import { problemBody } from '../problems/writeProblem.ts';

/** A problem written through Express (the proxy's own routes): status, headers, application/problem+json. */
export function writeProblem(res: Response, problem: HttpProblem, instance?: string): void {
  for (const [name, value] of Object.entries(problem.extra.headers ?? {})) res.setHeader(name, value);
  res
    .status(problem.status)
    .type('application/problem+json')
    .send(JSON.stringify(problemBody(problem, instance)));
}
