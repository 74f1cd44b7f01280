/**
 * The mock's only source of time. Handlers, token expiry and sync stamps read it; `/__mock/clock` sets and
 * advances it, so a frontend can time-travel (expire a token, age a record) without waiting.
 */
export interface Clock {
  now(): Date;
  /** ISO 8601 UTC with milliseconds, the format of every timestamp the mock writes. */
  iso(): string;
  set(instant: Date): void;
  advance(ms: number): void;
  /** Frozen clocks do not move between calls (tests); running ones follow the system clock plus an offset. */
  readonly frozen: boolean;
}

/** A clock that follows `source` (the system clock by default) shifted by whatever set/advance asked for. */
export function createRunningClock(
  // The one sanctioned read of the system clock: everything else reads the Clock made here.
  // eslint-disable-next-line no-restricted-properties
  source: () => number = () => Date.now(),
): Clock {
  let offset = 0;
  const now = (): Date => new Date(source() + offset);
  return {
    now,
    iso: () => now().toISOString(),
    set(instant) {
      offset = instant.getTime() - source();
    },
    advance(ms) {
      offset += ms;
    },
    frozen: false,
  };
}

/** A clock that only moves when told to: for tests and reproducible runs. */
export function createFrozenClock(start: Date | string = '2026-03-01T12:00:00.000Z'): Clock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    iso: () => new Date(current).toISOString(),
    set(instant) {
      current = instant.getTime();
    },
    advance(ms) {
      current += ms;
    },
    frozen: true,
  };
}
