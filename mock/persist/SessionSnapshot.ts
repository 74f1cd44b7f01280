import type { StoreChanges } from '../store/OverlayStore.ts';
import type { Dataset } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import { applyWrite } from '../store/StoreWrite.ts';
import { encodeWrite, type LoggedWrite } from './writeCodec.ts';

/**
 * A session in a snapshot: its base and the writes over it, not its whole state. Every session shares one
 * base made from the seed at start ('seed'), so a snapshot of a thousand sessions over a million generated
 * groups holds their writes only; a whole dataset is written only for a session that imported one.
 */
export interface SessionSnapshot {
  base: 'seed' | Dataset;
  writes: LoggedWrite[];
  /** What the session keeps beside its data (its stubs: mock/stubs/stubsInStateFile.ts), as written. */
  extras?: Record<string, unknown>;
}

/**
 * What a snapshot keeps of each session beside its data, and how it is put back: the session's stubs
 * (mock/stubs/stubsInStateFile.ts). `changed` is asked before each commit: true asks for a new snapshot.
 */
export interface SessionExtras {
  save(session: string): Record<string, unknown> | undefined;
  restore(session: string, saved: Record<string, unknown> | undefined): void;
  changed(): boolean;
}

/** How to make the shared base again at start: the generator's options, or the dataset it was loaded from. */
export type SeedSource = { generate: GenerateParams } | { dataset: Dataset };

export interface GenerateParams {
  seed: number;
  size: 'default' | 'large';
  groups?: number;
}

export function snapshotOf(changes: StoreChanges): SessionSnapshot {
  return { base: changes.base, writes: changes.writes.filter((w): w is LoggedWrite => w.op !== 'reset' && w.op !== 'load') };
}

/** A session snapshot as the state file spells it: `{"base", "ops": [["method", argument], …]}`. */
export function encodeSnapshot(snapshot: SessionSnapshot): { base: SessionSnapshot['base']; ops: [string, unknown][] } {
  return { base: snapshot.base, ops: snapshot.writes.map(encodeWrite) };
}

/** Puts a session back as the snapshot has it: its base, then its writes (on the undecorated store: nothing is logged again). */
export function restoreSession(store: Store, saved: SessionSnapshot): void {
  if (saved.base === 'seed') store.reset();
  else store.load(saved.base);
  for (const write of saved.writes) applyWrite(store, write);
}
