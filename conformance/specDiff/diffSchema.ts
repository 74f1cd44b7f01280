import { escapePointerToken } from '../../spec/resolvePointer.ts';
import { both, emit, enter, type DiffContext } from './DiffContext.ts';
import { byEffect, type Effect, type Level } from './SpecChange.ts';

type Schema = Record<string, unknown>;

/** Bounds whose larger value accepts more, and those whose smaller value does (JSON Schema 2020-12 §6.2–6.5). */
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];

/**
 * Compares two dereferenced JSON Schemas at the same place and reports what the change does to the values
 * accepted there, graded by `byEffect` for the side that sends them. `stack` holds the pairs being compared
 * above this one, so a recursive schema is walked once around its cycle.
 */
export function diffSchema(base: unknown, head: unknown, pointer: string, ctx0: DiffContext, stack: Array<[unknown, unknown]> = []): void {
  if (!isSchema(base) || !isSchema(head) || base === head) return;
  if (stack.some(([b, h]) => b === base && h === head)) return;
  const ctx = enter(ctx0, base, head);
  const inner = [...stack, [base, head] as [unknown, unknown]];
  diffType(base, head, pointer, ctx);
  diffFormat(base, head, pointer, ctx);
  diffEnum(base, head, pointer, ctx);
  diffKnownValues(base, head, pointer, ctx);
  diffBounds(base, head, pointer, ctx);
  diffPattern(base, head, pointer, ctx);
  diffProperties(base, head, pointer, ctx, inner);
  diffAdditional(base, head, pointer, ctx, inner);
  if (isSchema(base.items) || isSchema(head.items)) diffSchema(base.items ?? {}, head.items ?? {}, `${pointer}/items`, ctx, inner);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) diffBranches(key, base, head, pointer, ctx, inner);
}

function isSchema(node: unknown): node is Schema {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

function typesOf(s: Schema): Set<string> | undefined {
  if (typeof s.type === 'string') return new Set([s.type]);
  if (Array.isArray(s.type)) return new Set(s.type.map(String));
  return undefined;
}

/** True when every value of type `a` is a value of one of `types` (an integer is a number). */
function covered(a: string, types: Set<string>): boolean {
  return types.has(a) || (a === 'integer' && types.has('number'));
}

function compareSets(base: Set<string> | undefined, head: Set<string> | undefined): Effect | undefined {
  if (!base && !head) return undefined;
  if (!base) return 'narrows';
  if (!head) return 'widens';
  const headCoversBase = [...base].every((t) => covered(t, head));
  const baseCoversHead = [...head].every((t) => covered(t, base));
  if (headCoversBase && baseCoversHead) return undefined;
  if (headCoversBase) return 'widens';
  if (baseCoversHead) return 'narrows';
  return 'changes';
}

const show = (types: Set<string> | undefined): string => (types ? [...types].join(' | ') : 'any type');

function diffType(base: Schema, head: Schema, pointer: string, ctx: DiffContext): void {
  const from = typesOf(base);
  const to = typesOf(head);
  const effect = compareSets(from, to);
  if (!effect) return;
  emit(ctx, 'type-changed', `${pointer}/type`, `The type ${effectWord(effect)} from ${show(from)} to ${show(to)}.`, byEffect(ctx.position, effect));
}

function effectWord(effect: Effect): string {
  return effect === 'narrows' ? 'narrowed' : effect === 'widens' ? 'widened' : 'changed';
}

function diffFormat(base: Schema, head: Schema, pointer: string, ctx: DiffContext): void {
  if (base.format === head.format) return;
  const effect: Effect = base.format === undefined ? 'narrows' : head.format === undefined ? 'widens' : 'changes';
  const text = (f: unknown) => (f === undefined ? 'no format' : `format ${JSON.stringify(f)}`);
  emit(ctx, 'format-changed', `${pointer}/format`, `The ${text(base.format)} became ${text(head.format)}.`, byEffect(ctx.position, effect));
}

function enumOf(s: Schema): unknown[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  if ('const' in s) return [s.const];
  return undefined;
}

const key = (v: unknown) => JSON.stringify(v);

function diffEnum(base: Schema, head: Schema, pointer: string, ctx: DiffContext): void {
  const from = enumOf(base);
  const to = enumOf(head);
  if (!from && !to) return;
  const at = `${pointer}/${Array.isArray(head.enum) || Array.isArray(base.enum) ? 'enum' : 'const'}`;
  if (!to) {
    emit(ctx, 'enum-value-added', at, 'The closed set of values was lifted: any value of the type is allowed.', addedLevels(ctx));
    return;
  }
  if (!from) {
    emit(ctx, 'enum-value-removed', at, `Values are now limited to ${to.map(key).join(', ')}.`, byEffect(ctx.position, 'narrows'));
    return;
  }
  const removed = from.filter((v) => !to.some((w) => key(w) === key(v)));
  const added = to.filter((v) => !from.some((w) => key(w) === key(v)));
  if (removed.length > 0)
    emit(
      ctx,
      'enum-value-removed',
      at,
      `The value${plural(removed)} ${removed.map(key).join(', ')} ${removed.length > 1 ? 'are' : 'is'} no longer allowed.`,
      byEffect(ctx.position, 'narrows'),
    );
  if (added.length > 0)
    emit(
      ctx,
      'enum-value-added',
      at,
      `The value${plural(added)} ${added.map(key).join(', ')} ${added.length > 1 ? 'are' : 'is'} now allowed.`,
      addedLevels(ctx),
    );
}

/** oasdiff grades a value added to an answer's enum WARN (a client may switch over the old set), in a request ERR for the side that must accept it. */
function addedLevels(ctx: DiffContext) {
  return byEffect(ctx.position, 'widens', ctx.position === 'response' ? 'potentially-breaking' : 'breaking');
}

const plural = (list: unknown[]) => (list.length > 1 ? 's' : '');

/**
 * `x-known-values` lists values of an open set (the contract's "known values, not a closed set"): a reader
 * must already take others, so an answer's list changing costs nobody; a request's list is what providers are
 * expected to understand, so a value leaving or joining it may matter (WARN, never ERR).
 */
function diffKnownValues(base: Schema, head: Schema, pointer: string, ctx: DiffContext): void {
  const from = Array.isArray(base['x-known-values']) ? base['x-known-values'] : [];
  const to = Array.isArray(head['x-known-values']) ? head['x-known-values'] : [];
  const removed = from.filter((v) => !to.some((w) => key(w) === key(v)));
  const added = to.filter((v) => !from.some((w) => key(w) === key(v)));
  const at = `${pointer}/x-known-values`;
  const level: Level = ctx.position === 'request' ? 'potentially-breaking' : 'safe';
  if (removed.length > 0)
    emit(
      ctx,
      'known-value-removed',
      at,
      `The known value${plural(removed)} ${removed.map(key).join(', ')} left the open set of known values.`,
      byEffect(ctx.position, 'narrows', level),
    );
  if (added.length > 0)
    emit(
      ctx,
      'known-value-added',
      at,
      `The known value${plural(added)} ${added.map(key).join(', ')} joined the open set of known values.`,
      byEffect(ctx.position, 'widens', level),
    );
}

function diffBounds(base: Schema, head: Schema, pointer: string, ctx: DiffContext): void {
  for (const keyword of [...UPPER, ...LOWER]) {
    const from = base[keyword];
    const to = head[keyword];
    if (from === to) continue;
    const a = typeof from === 'number' ? from : undefined;
    const b = typeof to === 'number' ? to : undefined;
    const upper = UPPER.includes(keyword);
    // Absent is unbounded: +∞ for an upper bound, −∞ for a lower one.
    const rank = (n: number | undefined) => (n === undefined ? (upper ? Infinity : -Infinity) : n);
    const widens = upper ? rank(b) > rank(a) : rank(b) < rank(a);
    const text = (n: number | undefined) => (n === undefined ? 'none' : String(n));
    emit(
      ctx,
      widens ? 'bound-widened' : 'bound-narrowed',
      `${pointer}/${keyword}`,
      `${keyword} went from ${text(a)} to ${text(b)}.`,
      byEffect(ctx.position, widens ? 'widens' : 'narrows'),
    );
  }
}

function diffPattern(base: Schema, head: Schema, pointer: string, ctx: DiffContext): void {
  if (base.pattern === head.pattern) return;
  const at = `${pointer}/pattern`;
  if (base.pattern === undefined) emit(ctx, 'pattern-changed', at, `The pattern ${key(head.pattern)} was added.`, byEffect(ctx.position, 'narrows'));
  else if (head.pattern === undefined) emit(ctx, 'pattern-changed', at, `The pattern ${key(base.pattern)} was removed.`, byEffect(ctx.position, 'widens'));
  // Whether one pattern accepts more than another cannot be told in general: oasdiff warns either way.
  else emit(ctx, 'pattern-changed', at, `The pattern changed from ${key(base.pattern)} to ${key(head.pattern)}.`, both('potentially-breaking'));
}

function requiredOf(s: Schema): Set<string> {
  return new Set(Array.isArray(s.required) ? s.required.map(String) : []);
}

function diffProperties(base: Schema, head: Schema, pointer: string, ctx: DiffContext, stack: Array<[unknown, unknown]>): void {
  const from = isSchema(base.properties) ? base.properties : {};
  const to = isSchema(head.properties) ? head.properties : {};
  const wasRequired = requiredOf(base);
  const isRequired = requiredOf(head);
  const request = ctx.position === 'request';
  for (const name of Object.keys(from)) {
    const at = `${pointer}/properties/${escapePointerToken(name)}`;
    if (name in to) continue;
    if (wasRequired.has(name))
      // A required field gone: a reader of answers misses it (ERR); a provider of the old contract still insists on it in requests.
      emit(
        ctx,
        'required-property-removed',
        at,
        `The required property "${name}" was removed.`,
        request ? { caller: 'potentially-breaking', provider: 'breaking' } : { caller: 'breaking', provider: 'safe' },
      );
    else emit(ctx, 'optional-property-removed', at, `The optional property "${name}" was removed.`, { caller: 'potentially-breaking', provider: 'safe' });
  }
  for (const [name, schema] of Object.entries(to)) {
    const at = `${pointer}/properties/${escapePointerToken(name)}`;
    if (!(name in from)) {
      if (isRequired.has(name)) emit(ctx, 'required-property-added', at, `The required property "${name}" was added.`, byEffect(ctx.position, 'narrows'));
      else
        emit(
          ctx,
          'optional-property-added',
          at,
          `The optional property "${name}" was added.`,
          request ? { caller: 'safe', provider: 'potentially-breaking' } : both('safe'),
        );
      continue;
    }
    if (!wasRequired.has(name) && isRequired.has(name))
      emit(ctx, 'property-became-required', at, `The property "${name}" became required.`, byEffect(ctx.position, 'narrows'));
    if (wasRequired.has(name) && !isRequired.has(name))
      emit(ctx, 'property-became-optional', at, `The property "${name}" became optional.`, byEffect(ctx.position, 'widens'));
    diffSchema(from[name], schema, at, ctx, stack);
  }
}

function diffAdditional(base: Schema, head: Schema, pointer: string, ctx: DiffContext, stack: Array<[unknown, unknown]>): void {
  const from = base.additionalProperties;
  const to = head.additionalProperties;
  const at = `${pointer}/additionalProperties`;
  if (isSchema(from) && isSchema(to)) return diffSchema(from, to, at, ctx, stack);
  const closed = (v: unknown) => v === false;
  if (closed(from) === closed(to)) return;
  const effect: Effect = closed(to) ? 'narrows' : 'widens';
  emit(
    ctx,
    'additional-properties-changed',
    at,
    closed(to) ? 'Keys not named are now forbidden.' : 'Keys not named are now allowed.',
    byEffect(ctx.position, effect),
  );
}

function diffBranches(
  keyword: 'oneOf' | 'anyOf' | 'allOf',
  base: Schema,
  head: Schema,
  pointer: string,
  ctx: DiffContext,
  stack: Array<[unknown, unknown]>,
): void {
  const from = Array.isArray(base[keyword]) ? (base[keyword] as unknown[]) : [];
  const to = Array.isArray(head[keyword]) ? (head[keyword] as unknown[]) : [];
  const shared = Math.min(from.length, to.length);
  for (let i = 0; i < shared; i += 1) diffSchema(from[i], to[i], `${pointer}/${keyword}/${i}`, ctx, stack);
  if (from.length === to.length) return;
  // No list at all constrains nothing: one appearing narrows, one going widens. Otherwise one more
  // alternative (oneOf/anyOf) accepts more, and one more conjunct (allOf) accepts less.
  const more = to.length > from.length;
  const effect: Effect = from.length === 0 ? 'narrows' : to.length === 0 ? 'widens' : (keyword === 'allOf') === more ? 'narrows' : 'widens';
  emit(ctx, 'type-changed', `${pointer}/${keyword}`, `${keyword} went from ${from.length} to ${to.length} schemas.`, byEffect(ctx.position, effect));
}
