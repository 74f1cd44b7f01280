import type { FieldError } from '../../spec/formatAjvErrors.ts';
import { utf8ByteLength } from './utf8ByteLength.ts';

/**
 * A presented record, serialized and checked against its schema once: a list answer is then a join of
 * fragments, and the response check only looks at the envelope around them (design §7, "less work per
 * request"). Its fields are private, so a fragment put where the spec expects something else is not a valid
 * instance of anything and the response check flags it.
 */
export class JsonFragment {
  readonly #json: string;
  /** Its JSON's length in UTF-8, measured once: an answer's Content-Length is summed from these (see encodeJson). */
  readonly #byteLength: number;
  readonly #schemaPointer: string;
  readonly #errors: readonly FieldError[];

  constructor(value: unknown, schemaPointer: string, errors: readonly FieldError[]) {
    this.#json = JSON.stringify(value);
    this.#byteLength = utf8ByteLength(this.#json);
    this.#schemaPointer = schemaPointer;
    this.#errors = errors;
  }

  get json(): string {
    return this.#json;
  }

  get byteLength(): number {
    return this.#byteLength;
  }

  get schemaPointer(): string {
    return this.#schemaPointer;
  }

  /** Where the presented value breaks its schema; empty for every record the mock presents correctly. */
  get errors(): readonly FieldError[] {
    return this.#errors;
  }

  /** A fresh plain copy, for code that edits answers (faults). */
  toPlain(): unknown {
    return JSON.parse(this.#json);
  }

  /** JSON.stringify of an envelope that still holds fragments gives the same bytes as serializeJson. */
  toJSON(): unknown {
    return this.toPlain();
  }
}

// Fragments sit at most this deep in an envelope ({ data: [fragment] }); below it JSON.stringify does the rest.
const ENVELOPE_DEPTH = 3;

/** The answer's bytes: JSON.stringify, with each fragment's cached JSON spliced in instead of re-serializing it. */
export function serializeJson(value: unknown, depth = ENVELOPE_DEPTH): string {
  if (value instanceof JsonFragment) return value.json;
  if (depth === 0 || value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out += (i > 0 ? ',' : '') + (item === undefined || typeof item === 'function' ? 'null' : serializeJson(item, depth - 1));
    }
    return out + ']';
  }
  if (!isPlainObject(value)) return JSON.stringify(value);
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function') continue;
    out += (first ? '' : ',') + JSON.stringify(key) + ':' + serializeJson(item, depth - 1);
    first = false;
  }
  return out + '}';
}

/**
 * The answer as serializeJson spells it, with its length in UTF-8 (its Content-Length): the fragments' text
 * is joined in and their cached lengths added up, so only the envelope's own few characters are measured.
 * The text goes to the socket as a string, which Node writes along with the head in one write.
 */
export function encodeJson(value: unknown): { text: string; byteLength: number } {
  measured = 0;
  const text = joinFragments(value, ENVELOPE_DEPTH);
  return { text, byteLength: measured };
}

// What joinFragments has measured so far (one answer at a time: it runs synchronously).
let measured = 0;

function joinFragments(value: unknown, depth: number): string {
  if (value instanceof JsonFragment) {
    measured += value.byteLength;
    return value.json;
  }
  if (depth === 0 || value === null || typeof value !== 'object' || !(Array.isArray(value) || isPlainObject(value))) {
    const text = JSON.stringify(value);
    measured += text === undefined ? 0 : utf8ByteLength(text);
    return text;
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (i > 0) out += ',';
      if (item === undefined || typeof item === 'function') {
        out += 'null';
        measured += 4;
      } else out += joinFragments(item, depth - 1);
    }
    // The brackets and commas: one byte each.
    measured += value.length === 0 ? 2 : value.length + 1;
    return out + ']';
  }
  let out = '{';
  let punctuation = 2;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function') continue;
    const name = JSON.stringify(key);
    if (out.length > 1) {
      out += ',';
      punctuation++;
    }
    measured += utf8ByteLength(name);
    out += name + ':' + joinFragments(item, depth - 1);
    punctuation++;
  }
  measured += punctuation;
  return out + '}';
}

/** The same envelope with every fragment replaced by a plain copy, for faults that rewrite answers in place. */
export function materializeJson(value: unknown, depth = ENVELOPE_DEPTH): unknown {
  if (value instanceof JsonFragment) return value.toPlain();
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => materializeJson(item, depth - 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = materializeJson(item, depth - 1);
  return out;
}

/**
 * The fragments of an envelope: their schemas (which the envelope check treats as already checked) and their
 * own schema errors, placed at the fragment's JSON pointer in the answer. Run on every checked answer, so it
 * allocates nothing for a valid one: the set of schemas is shared per combination (the contract keys its
 * envelope validators by it), and a pointer is spelled out only for a fragment with errors.
 */
export function fragmentsOf(value: unknown): { schemaPointers: ReadonlySet<string>; errors: FieldError[] } {
  const found: Found = { first: undefined, more: undefined, errors: NO_ERRORS };
  visitFragments(value, ENVELOPE_DEPTH, found, []);
  return { schemaPointers: sharedSet(found), errors: found.errors };
}

interface Found {
  first: string | undefined;
  more: Set<string> | undefined;
  errors: FieldError[];
}

const NO_ERRORS: FieldError[] = [];
Object.freeze(NO_ERRORS);

function visitFragments(node: unknown, depth: number, found: Found, path: Array<string | number>): void {
  if (node instanceof JsonFragment) {
    const pointer = node.schemaPointer;
    if (found.first === undefined) found.first = pointer;
    else if (pointer !== found.first) (found.more ??= new Set()).add(pointer);
    if (node.errors.length > 0) {
      if (found.errors === NO_ERRORS) found.errors = [];
      const at = path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
      for (const e of node.errors) found.errors.push({ ...e, path: at + e.path });
    }
    return;
  }
  if (depth === 0 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      path.push(i);
      visitFragments(node[i], depth - 1, found, path);
      path.pop();
    }
    return;
  }
  for (const key in node) {
    if (!Object.prototype.hasOwnProperty.call(node, key)) continue;
    path.push(key);
    visitFragments((node as Record<string, unknown>)[key], depth - 1, found, path);
    path.pop();
  }
}

// One set per combination of schemas seen (a handful: the presented kinds of record), never mutated once shared.
const sharedSets = new Map<string, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

function sharedSet(found: Found): ReadonlySet<string> {
  if (found.first === undefined) return NONE;
  let key = found.first;
  if (found.more) {
    found.more.add(found.first);
    key = [...found.more].sort().join(' ');
  }
  let set = sharedSets.get(key);
  if (!set) sharedSets.set(key, (set = found.more ?? new Set([found.first])));
  return set;
}

/**
 * An answer made of shared fragments and a few scalars (a record, a page of records, `{ total, hits }`):
 * keeping it costs only its small envelope, since the fragments are cached anyway, and its bytes can be
 * made again from it exactly.
 */
export function isFragmentEnvelope(value: unknown): boolean {
  if (value instanceof JsonFragment) return true;
  if (Array.isArray(value)) return allFragments(value);
  if (value === null || typeof value !== 'object' || !isPlainObject(value)) return false;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object' && !(item instanceof JsonFragment) && !(Array.isArray(item) && allFragments(item))) return false;
  }
  return true;
}

function allFragments(items: unknown[]): boolean {
  for (const item of items) if (!(item instanceof JsonFragment)) return false;
  return true;
}

/** Only arrays and plain objects are walked; anything else (a Date, a Buffer) is left to JSON.stringify. */
function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
