import { HttpProblem } from '../problems/HttpProblem.ts';
import { matchStub, type StubRequest } from './matchStub.ts';
import { MAX_STUBS, type StubDefinition, type StubView } from './StubDefinition.ts';

/**
 * One session's stubs, in the order they were added. A request is answered by at most one stub: of those
 * enabled, not used up and matching it, the highest `priority`, and on a tie the one added last (WireMock's
 * rule: a newer stub overrides an older one without removing it). Only that stub counts the request.
 * A used-up stub (`times` spent) stays listed with `remaining: 0` until removed, so its count can be read.
 */
/**
 * Commits a use of a stub with `times` where every replica sees it before the answer leaves (ReplicaGate):
 * `take` runs against the session's stubs at their latest shared state (a rebuild may have replaced the set
 * the request began with), and what it returns is the stub this request won, if any is still left. Absent
 * (one process, the in-process mock): the use is counted in memory only.
 */
export type SharedStubUse = (take: (current: StubSet) => StubView | undefined) => Promise<StubView | undefined>;

export class StubSet {
  private stubs: StubView[] = [];
  /** Set by the replicas' gate; not state (never exported, never restored). */
  shareUse: SharedStubUse | undefined;
  private nextId = 1;
  /** Grows on every change (added, removed, switched, counted). */
  version = 0;
  /** Grows when the stubs themselves change (added, removed, switched), not their counts: what --state-file watches. */
  definitions = 0;

  get size(): number {
    return this.stubs.length;
  }

  add(definition: StubDefinition): StubView {
    if (this.stubs.length >= MAX_STUBS) {
      // Room is made from used-up stubs first (their counts were there to be read); never from live ones.
      const spent = this.stubs.findIndex((s) => s.remaining === 0);
      if (spent < 0) throw new HttpProblem('conflict', `A session holds at most ${MAX_STUBS} stubs; remove some (DELETE /__mock/stubs/{id}) first.`);
      this.stubs.splice(spent, 1);
    }
    const stub: StubView = { id: `s${this.nextId++}`, ...definition, matched: 0, enabled: true };
    if (definition.times !== undefined) stub.remaining = definition.times;
    this.stubs.push(stub);
    this.version++;
    this.definitions++;
    return { ...stub };
  }

  /** The stub that answers this request, counted; undefined when none matches. */
  take(request: StubRequest): StubView | undefined {
    const best = this.best(request);
    if (!best) return undefined;
    best.matched++;
    if (best.remaining !== undefined) best.remaining--;
    this.version++;
    return { ...best };
  }

  /** The stub that would answer this request, not counted. */
  peek(request: StubRequest): StubView | undefined {
    const best = this.best(request);
    return best && { ...best };
  }

  private best(request: StubRequest): StubView | undefined {
    let best: StubView | undefined;
    for (const stub of this.stubs) {
      if (!stub.enabled || stub.remaining === 0) continue;
      // Later stubs win ties: `>=` lets each later equal one replace the earlier.
      if (best && (stub.priority ?? 0) < (best.priority ?? 0)) continue;
      if (matchStub(stub, request)) best = stub;
    }
    return best;
  }

  list(): StubView[] {
    return this.stubs.map((s) => ({ ...s }));
  }

  find(id: string): StubView | undefined {
    const stub = this.stubs.find((s) => s.id === id);
    return stub && { ...stub };
  }

  remove(id: string): boolean {
    const before = this.stubs.length;
    this.stubs = this.stubs.filter((s) => s.id !== id);
    if (this.stubs.length === before) return false;
    this.version++;
    this.definitions++;
    return true;
  }

  setEnabled(id: string, enabled: boolean): StubView | undefined {
    const stub = this.stubs.find((s) => s.id === id);
    if (!stub) return undefined;
    stub.enabled = enabled;
    this.version++;
    this.definitions++;
    return { ...stub };
  }

  clear(): void {
    if (this.stubs.length === 0) return;
    this.stubs = [];
    this.version++;
    this.definitions++;
  }

  /** Every stub with its counts, as the state files and the replicas' log keep them. */
  exportState(): { nextId: number; stubs: StubView[] } {
    return { nextId: this.nextId, stubs: this.list() };
  }

  /** Puts an exported state back (a restart, another replica's change). */
  restoreState(state: { nextId?: number; stubs?: StubView[] } | undefined): void {
    // Read from a file or another replica's log: what is not a stub at all is left out, never matched against.
    const saved = Array.isArray(state?.stubs) ? state.stubs.slice(0, MAX_STUBS) : [];
    this.stubs = saved.filter((s) => typeof s === 'object' && s !== null && typeof s.id === 'string' && typeof s.matched === 'number').map((s) => ({ ...s }));
    const highest = Math.max(0, ...this.stubs.map((s) => Number(s.id.slice(1)) || 0));
    this.nextId = Math.max(Number(state?.nextId) || 1, highest + 1);
    this.version++;
    this.definitions++;
  }
}
