import { originOf } from './dereference.ts';
import type { Level, Position, RoleLevels } from './SpecChange.ts';

/** One change as a differ finds it, graded for the caller and the provider of its operation. */
export interface FoundChange {
  rule: string;
  pointer: string;
  sentence: string;
  levels: RoleLevels;
  component?: string;
}

/**
 * What a differ needs to know where it stands: the operation, whether a schema is sent or answered, the rule
 * prefix (`request-body`, `response-header`...), the nearest `$ref` passed on the way, and where to report.
 */
export interface DiffContext {
  position: Position;
  subject: string;
  component?: string;
  report(change: FoundChange): void;
}

/** The context one level down, noting the component a node was reached through. */
export function enter(ctx: DiffContext, base: unknown, head: unknown): DiffContext {
  const component = originOf(head) ?? originOf(base);
  return component && component !== ctx.component ? { ...ctx, component } : ctx;
}

export function emit(ctx: DiffContext, what: string, pointer: string, sentence: string, levels: RoleLevels): void {
  ctx.report({ rule: `${ctx.subject}-${what}`, pointer, sentence, levels, ...(ctx.component ? { component: ctx.component } : {}) });
}

export function both(level: Level): RoleLevels {
  return { caller: level, provider: level };
}
