import type { Notice } from './ReplicaDatabase.ts';

/** A payload of the channel: `!name` dropped, `?request` journal wanted, `=request replica` sent, `seq generation name` a commit. */
export function parseNotice(payload: string): Notice | undefined {
  if (payload.startsWith('!')) return { dropped: payload.slice(1) };
  if (payload.startsWith('?')) return { journalWanted: payload.slice(1) };
  if (payload.startsWith('=')) {
    const [request = '', replica = ''] = payload.slice(1).split(' ');
    return { journalSent: request, replica };
  }
  const [seqText = '', generation = '', session = ''] = payload.split(' ');
  const seq = Number(seqText);
  if (!Number.isSafeInteger(seq) || !/^\d+$/.test(generation) || session === '') return undefined;
  return { session, generation, seq };
}
