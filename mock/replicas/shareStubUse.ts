import { HttpProblem } from '../problems/HttpProblem.ts';
import type { StubView } from '../stubs/StubDefinition.ts';
import type { StubSet } from '../stubs/StubSet.ts';
import { CommitOutcomeUnknown, type ReplicaDatabase } from './ReplicaDatabase.ts';
import { Deadline } from './Deadline.ts';
import type { SessionTails } from './SessionTails.ts';
import { captureSide, sameSide } from './SideState.ts';

/**
 * A use of a stub with `times`, made a shared, ordered fact before the answer leaves (docs/scale-out.md):
 * under the session's lock in the database (every replica's writers of the session queue there), the session
 * is caught up to its head, the stub taken on that state, and the new counts committed as a side-state entry
 * of its log. Two replicas racing for a stub's last use queue on the lock; the second finds it used up, and
 * its request goes on to the next stub or the operation. The database out of reach or slow past `timeoutMs`:
 * 503 storage_unavailable, nothing used.
 */
export async function shareStubUse(
  db: ReplicaDatabase,
  tails: SessionTails,
  session: string,
  timeoutMs: number,
  take: (current: StubSet) => StubView | undefined,
): Promise<StubView | undefined> {
  const deadline = new Deadline(timeoutMs);
  try {
    return await deadline.race(
      tails.exclusive(session, async () => {
        deadline.check();
        const tx = await db.beginWrite(session);
        try {
          await tails.catchUp(session, tx.head, (seq) => tx.changesAfter(seq));
          deadline.check();
          deadline.cancel();
          const deps = tails.depsOf(session);
          const before = captureSide(deps);
          const stub = take(deps.stubs);
          const after = captureSide(deps);
          if (!stub || sameSide(before, after)) {
            await tx.rollback();
            return stub;
          }
          tails.committing(session, tx.head.head + 1);
          await tx.commit({ writes: [], side: after, redeemed: [], dropped: [] });
          return stub;
        } catch (error) {
          await tx.rollback().catch(() => undefined);
          tails.invalidate(session);
          throw error;
        }
      }),
    );
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw new HttpProblem(
      'storage_unavailable',
      error instanceof CommitOutcomeUnknown
        ? 'The shared state of the replicas did not confirm the use of a stub in time: it may or may not be counted. Read GET /__mock/stubs before sending again.'
        : 'The shared state of the replicas cannot be reached to count the use of a stub; nothing was used. Try again in a moment.',
      { headers: { 'Retry-After': '1' } },
    );
  } finally {
    deadline.cancel();
  }
}
