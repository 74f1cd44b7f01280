import type { Rng } from '../../fixtures/rng.ts';
import { ScopedRules } from './ScopedRules.ts';

export interface LatencySetting {
  ms: number;
  jitterMs: number;
}

/** Switchable latency for API answers: a fixed delay plus seeded jitter, so slow-network UIs can be built offline. */
export class Latency {
  ms = 0;
  jitterMs = 0;
  /** Per operation and for the next N requests (PUT /__mock/latency with operationId / times); the newest matching one wins. */
  readonly rules = new ScopedRules<LatencySetting>();

  constructor(private readonly rng: Rng) {}

  next(operationId?: string): number {
    const scoped = operationId !== undefined && this.rules.size > 0 ? this.rules.take(operationId).at(-1) : undefined;
    const { ms, jitterMs } = scoped ?? this;
    return ms + (jitterMs > 0 ? Math.round(this.rng.next() * jitterMs) : 0);
  }
}
