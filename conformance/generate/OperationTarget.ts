import type { RequestDraft } from './RequestDraft.ts';

/** One operation as the phase exercises it: a base request known to be valid, and what must not vary. */
export interface OperationTarget {
  operationId: string;
  base: RequestDraft;
  /**
   * Body pointers bound to the target's configuration (the secret, the community, an entity's alias): only
   * made invalid (removed, wrong type), never replaced by another valid value, which would address another
   * app, community or entity, or be refused for a reason the schema cannot see.
   */
  pinned: readonly string[];
  /**
   * The operation writes: its bound places are never varied at all (an alias removed or wrong-typed that a
   * lenient target accepts would leave a malformed entity in the partner's data, outside the suite's own).
   */
  writes?: boolean;
  /** Query parameters never generated (none so far; kept for a target's own exclusions). */
  skipQuery?: readonly string[];
  /** Path parameters of a read to try with ids nobody learned (edge strings, an unknown ObjectId). */
  pathProbes?: readonly string[];
}

/**
 * Whether a body place is bound to the configuration: a pinned place, inside one, or an object holding one
 * (replacing `/context` would drop `/context/community`). An array of entities is not bound by its entries'
 * aliases: emptying it uploads nothing, it addresses nobody else.
 */
export function isBound(pointer: string, pinned: readonly string[]): boolean {
  return pinned.some((p) => pointer === p || pointer.startsWith(`${p}/`) || (p.startsWith(`${pointer}/`) && !/\/\d+(\/|$)/.test(p.slice(pointer.length))));
}
