import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRESH_MS, SeenCommits } from './SeenCommits.ts';

/** A SeenCommits on a clock the test moves; the fences it sends are collected, and come back when the test says. */
function setup() {
  let now = 1000;
  const sent: number[] = [];
  const seen = new SeenCommits(
    () => now,
    (id) => sent.push(id),
  );
  const advance = (ms: number): void => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };
  return { seen, sent, advance, at: () => now };
}
const head = (generation: string, n: number) => ({ generation, head: n });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SeenCommits', () => {
  it('proves a verified head only with a fence sent no more than FRESH_MS before the request came', () => {
    const { seen, sent, advance, at } = setup();
    expect(seen.provenHead('s', at())).toBeUndefined(); // not listening
    seen.listening(true);
    seen.verified('s', head('7', 3), seen.verifying());
    expect(seen.provenHead('s', at())).toBeUndefined(); // no fence back yet
    expect(sent).toHaveLength(1);
    const fenceSentAt = at();
    advance(2);
    seen.fenceBack(sent[0]!);
    expect(seen.provenHead('s', at())).toEqual(head('7', 3));
    expect(seen.provenHead('other', at())).toBeUndefined(); // never verified: the database is asked
    // A request that came later than FRESH_MS after the fence was sent needs a newer fence.
    expect(seen.provenHead('s', fenceSentAt + FRESH_MS)).toEqual(head('7', 3));
    expect(seen.provenHead('s', fenceSentAt + FRESH_MS + 1)).toBeUndefined();
  });

  it.each<[string, (seen: SeenCommits) => void, { generation: string; head: number } | undefined]>([
    ['a later commit raises the head', (s) => s.noticed('s', head('7', 9)), head('7', 9)],
    ['an older notice does not lower it', (s) => s.noticed('s', head('7', 1)), head('7', 3)],
    ['the session made again (a greater generation) replaces it', (s) => s.noticed('s', head('8', 1)), head('8', 1)],
    ['a dropped session is asked for again', (s) => s.dropped('s'), undefined],
    ['a lost connection voids what was verified', (s) => (s.listening(false), s.listening(true)), undefined],
  ])('%s', (_name, change, want) => {
    const { seen, sent, at } = setup();
    seen.listening(true);
    seen.verified('s', head('7', 3), seen.verifying());
    change(seen);
    seen.provenHead('s', at()); // keeps the fences going
    seen.fenceBack(sent.at(-1)!);
    expect(seen.provenHead('s', at())).toEqual(want);
  });

  it('ignores a head read started before the connection was made again', () => {
    const { seen, sent, at } = setup();
    seen.listening(true);
    const epoch = seen.verifying();
    seen.listening(false);
    expect(seen.verifying()).toBeUndefined();
    seen.listening(true);
    seen.verified('s', head('7', 3), epoch);
    seen.provenHead('s', at());
    seen.fenceBack(sent.at(-1)!);
    expect(seen.provenHead('s', at())).toBeUndefined();
  });

  it('lets a request wait for the fence in flight, and gives up on a lost connection', async () => {
    const { seen, sent, advance, at } = setup();
    seen.listening(true);
    seen.verified('s', head('7', 3), seen.verifying());
    advance(FRESH_MS + 10);
    expect(seen.provenHead('s', at())).toBeUndefined();
    const waiting = seen.awaitProof('s', at());
    advance(4);
    const late = sent.at(-1)!; // sent after the request came
    seen.fenceBack(late);
    await expect(waiting).resolves.toBe(true);
    const unknown = seen.awaitProof('never-verified', at());
    await expect(unknown).resolves.toBe(false);
    advance(FRESH_MS + 10);
    const cut = seen.awaitProof('s', at());
    seen.listening(false);
    await expect(cut).resolves.toBe(false);
  });

  it('sends fences every few ms while requests come, and none once the replica is idle', () => {
    const { seen, sent, advance, at } = setup();
    seen.listening(true);
    seen.provenHead('s', at());
    advance(100); // a fence every 8 ms: 13 beats, 8 fences in flight at most (none came back)
    expect(sent.length).toBeGreaterThanOrEqual(8);
    expect(sent.length).toBeLessThan(13);
    advance(2000);
    const settled = sent.length;
    advance(5000);
    expect(sent.length).toBe(settled);
  });
});
