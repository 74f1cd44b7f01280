import { describe, expect, it } from 'vitest';
import { parseNotice } from './parseNotice.ts';

describe('parseNotice (the payloads of the replicas’ channel)', () => {
  it.each([
    ['12 7 conform-1', { session: 'conform-1', generation: '7', seq: 12 }],
    ['!conform-1', { dropped: 'conform-1' }],
    ['?ab12', { journalWanted: 'ab12' }],
    ['=ab12 cd34', { journalSent: 'ab12', replica: 'cd34' }],
    // Refused: a commit without its generation (a replica could not tell a session made again), or malformed.
    ['12 conform-1', undefined],
    ['x 7 conform-1', undefined],
    ['12 7 ', undefined],
    ['', undefined],
  ])('%j', (payload, want) => {
    expect(parseNotice(payload)).toEqual(want);
  });
});
