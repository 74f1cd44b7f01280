import { readFileSync } from 'node:fs';
import { replaceStubs } from '../controls/stubActions.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Session } from '../sessions/Session.ts';

/**
 * `edu-mock --stubs FILE`: the default session starts with FILE's stubs, a HAR recording
 * (`edu-mock proxy --record FILE`) or `{"stubs": [...]}`, exactly as PUT /__mock/stubs takes them. Returns
 * the line the banner prints; throws an Error naming the file and what is wrong with it.
 */
export function loadStubsFile(file: string, session: Session): string {
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--stubs ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  try {
    const { stubs, skipped } = replaceStubs(session, body);
    const left = skipped?.length ? ` (${skipped.length} recorded exchanges left to the stateful mock: GET /__mock/stubs lists what is served)` : '';
    return `${stubs.length} stubs from ${file} in the default session${left}`;
  } catch (error) {
    if (error instanceof HttpProblem) throw new Error(`--stubs ${file}: ${error.detail}`);
    throw error;
  }
}
