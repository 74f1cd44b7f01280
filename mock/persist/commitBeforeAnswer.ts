import { HttpProblem } from '../problems/HttpProblem.ts';
import { problemBody } from '../problems/writeProblem.ts';
import { type Durability, StorageError } from './Durability.ts';

/** An answer as the pipeline holds it before writing: status, body and headers, not yet on the wire. */
export interface PendingAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * The pipeline's durability stage, between the handler and the write: no answer leaves before the writes it
 * made are durable (one append and one fsync for all recorded writes). A failed commit has restored the state
 * from disk; the answer becomes an ordinary 503 problem, written and journaled like any other answer.
 */
export function commitBeforeAnswer(durability: Durability | undefined, answer: PendingAnswer, url: string | undefined): PendingAnswer {
  if (!durability) return answer;
  try {
    durability.commit();
    return answer;
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    const problem = new HttpProblem(
      'storage_unavailable',
      `The write was not kept, and nothing changed: ${error.message}. Try again once the disk is writable.`,
    );
    return { status: problem.status, body: problemBody(problem, url), headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '1' } };
  }
}
