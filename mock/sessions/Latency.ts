import type { Rng } from '../../fixtures/rng.ts';

/** Switchable latency for API answers: a fixed delay plus seeded jitter, so slow-network UIs can be built offline. */
export class Latency {
  ms = 0;
  jitterMs = 0;

  constructor(private readonly rng: Rng) {}

  next(): number {
    return this.ms + (this.jitterMs > 0 ? Math.round(this.rng.next() * this.jitterMs) : 0);
  }
}
