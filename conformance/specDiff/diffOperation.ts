import { escapePointerToken } from '../../spec/resolvePointer.ts';
import { both, type DiffContext, type FoundChange } from './DiffContext.ts';
import { originOf } from './dereference.ts';
import { diffSchema } from './diffSchema.ts';
import { byEffect, type RoleLevels } from './SpecChange.ts';

type Node = Record<string, unknown>;

/** One side of an operation after dereferencing: its path item's and its own parameters, body, answers, security. */
export interface OperationSide {
  /** `#/paths/~1v1~1groups/get` */
  pointer: string;
  pathPointer: string;
  pathItem: Node;
  operation: Node;
  /** The document's top-level `security`, which applies where an operation names none. */
  rootSecurity: unknown;
}

const asNode = (v: unknown): Node => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const isSuccess = (status: string) => /^2/.test(status);

/** Every change inside one operation present in both documents, graded for its caller and its provider. */
export function diffOperation(base: OperationSide, head: OperationSide, report: (change: FoundChange) => void): void {
  diffParameters(base, head, report);
  diffRequestBody(base, head, report);
  diffResponses(base, head, report);
  diffSecurity(base, head, report);
}

interface Param {
  name: string;
  in: string;
  node: Node;
  pointer: string;
}

function parametersOf(side: OperationSide): Map<string, Param> {
  const out = new Map<string, Param>();
  const add = (list: unknown, at: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const node = asNode(raw);
      const name = String(node.name ?? '');
      const where = String(node.in ?? '');
      // Header names are case-insensitive (RFC 9110 §5.1); the operation's own entry overrides its path item's.
      out.set(`${where}:${where === 'header' ? name.toLowerCase() : name}`, { name, in: where, node, pointer: `${at}/parameters/${i}` });
    });
  };
  add(side.pathItem.parameters, side.pathPointer);
  add(side.operation.parameters, side.pointer);
  return out;
}

function diffParameters(base: OperationSide, head: OperationSide, report: (c: FoundChange) => void): void {
  const from = parametersOf(base);
  const to = parametersOf(head);
  const byName = (map: Map<string, Param>, name: string) => [...map.values()].find((p) => p.name.toLowerCase() === name.toLowerCase());
  const emit = (rule: string, pointer: string, sentence: string, levels: RoleLevels, p?: Param) => {
    const component = p && originOf(p.node);
    report({ rule, pointer, sentence, levels, ...(component ? { component } : {}) });
  };
  for (const [key, p] of from) {
    if (to.has(key)) continue;
    const moved = byName(to, p.name);
    if (moved && moved.in !== p.in) {
      emit('request-parameter-moved', moved.pointer, `The parameter "${p.name}" moved from ${p.in} to ${moved.in}.`, both('breaking'), moved);
      continue;
    }
    const required = p.node.required === true;
    // A caller still sending it is only ignored (oasdiff WARN); a provider of the old contract still insists on a required one.
    emit(
      'request-parameter-removed',
      p.pointer,
      `The ${required ? 'required' : 'optional'} ${p.in} parameter "${p.name}" was removed.`,
      {
        caller: 'potentially-breaking',
        provider: required ? 'breaking' : 'safe',
      },
      p,
    );
  }
  for (const [key, p] of to) {
    const old = from.get(key);
    if (!old) {
      if (byName(from, p.name)?.in !== undefined && byName(from, p.name)?.in !== p.in) continue; // reported as moved
      const required = p.node.required === true;
      if (required)
        emit('new-required-request-parameter', p.pointer, `The required ${p.in} parameter "${p.name}" was added.`, byEffect('request', 'narrows'), p);
      else
        emit(
          'new-optional-request-parameter',
          p.pointer,
          `The optional ${p.in} parameter "${p.name}" was added.`,
          { caller: 'safe', provider: 'potentially-breaking' },
          p,
        );
      continue;
    }
    const was = old.node.required === true;
    const is = p.node.required === true;
    if (!was && is)
      emit('request-parameter-became-required', p.pointer, `The ${p.in} parameter "${p.name}" became required.`, byEffect('request', 'narrows'), p);
    if (was && !is)
      emit('request-parameter-became-optional', p.pointer, `The ${p.in} parameter "${p.name}" became optional.`, byEffect('request', 'widens'), p);
    const component = originOf(p.node);
    const ctx: DiffContext = { position: 'request', subject: 'request-parameter', report, ...(component ? { component } : {}) };
    diffSchema(old.node.schema, p.node.schema, `${p.pointer}/schema`, ctx);
  }
}

function diffContent(from: Node, to: Node, pointer: string, ctx: DiffContext, levels: { removed: RoleLevels; added: RoleLevels }, what: string): void {
  const emit = (rule: string, at: string, sentence: string, l: RoleLevels) => ctx.report({ rule, pointer: at, sentence, levels: l });
  for (const media of Object.keys(from)) {
    if (!(media in to))
      emit(`${ctx.subject}-media-type-removed`, `${pointer}/${escapePointerToken(media)}`, `${what} no longer has the media type ${media}.`, levels.removed);
  }
  for (const [media, entry] of Object.entries(to)) {
    const at = `${pointer}/${escapePointerToken(media)}`;
    if (!(media in from)) {
      emit(`${ctx.subject}-media-type-added`, at, `${what} now has the media type ${media}.`, levels.added);
      continue;
    }
    diffSchema(asNode(from[media]).schema, asNode(entry).schema, `${at}/schema`, ctx);
  }
}

function diffRequestBody(base: OperationSide, head: OperationSide, report: (c: FoundChange) => void): void {
  const from = base.operation.requestBody;
  const to = head.operation.requestBody;
  const at = `${head.pointer}/requestBody`;
  if (!from && !to) return;
  const emit = (rule: string, pointer: string, sentence: string, levels: RoleLevels) => report({ rule, pointer, sentence, levels });
  if (!to) {
    const required = asNode(from).required === true;
    emit('request-body-removed', `${base.pointer}/requestBody`, 'The request body was removed.', {
      caller: 'potentially-breaking',
      provider: required ? 'breaking' : 'safe',
    });
    return;
  }
  if (!from) {
    const required = asNode(to).required === true;
    emit(
      'request-body-added',
      at,
      `A ${required ? 'required' : 'optional'} request body was added.`,
      required ? byEffect('request', 'narrows') : { caller: 'safe', provider: 'potentially-breaking' },
    );
    return;
  }
  const was = asNode(from).required === true;
  const is = asNode(to).required === true;
  if (!was && is) emit('request-body-became-required', `${at}/required`, 'The request body became required.', byEffect('request', 'narrows'));
  if (was && !is) emit('request-body-became-optional', `${at}/required`, 'The request body became optional.', byEffect('request', 'widens'));
  const ctx: DiffContext = { position: 'request', subject: 'request-body', report };
  diffContent(
    asNode(asNode(from).content),
    asNode(asNode(to).content),
    `${at}/content`,
    ctx,
    { removed: byEffect('request', 'narrows'), added: byEffect('request', 'widens') },
    'The request body',
  );
}

function diffResponses(base: OperationSide, head: OperationSide, report: (c: FoundChange) => void): void {
  const from = asNode(base.operation.responses);
  const to = asNode(head.operation.responses);
  for (const status of Object.keys(from)) {
    if (status in to) continue;
    // A caller loses an answer it handled (a success: ERR; an error: WARN); a provider of the old contract may still send it.
    report({
      rule: 'response-status-removed',
      pointer: `${base.pointer}/responses/${escapePointerToken(status)}`,
      sentence: `The ${status} answer was removed.`,
      levels: { caller: isSuccess(status) ? 'breaking' : 'potentially-breaking', provider: 'breaking' },
    });
  }
  for (const [status, raw] of Object.entries(to)) {
    const at = `${head.pointer}/responses/${escapePointerToken(status)}`;
    if (!(status in from)) {
      report({
        rule: 'response-status-added',
        pointer: at,
        sentence: `The ${status} answer was added.`,
        levels: { caller: isSuccess(status) ? 'potentially-breaking' : 'safe', provider: 'safe' },
      });
      continue;
    }
    const old = asNode(from[status]);
    const now = asNode(raw);
    const component = originOf(now) ?? originOf(old);
    const ctx: DiffContext = { position: 'response', subject: 'response-body', report, ...(component ? { component } : {}) };
    diffContent(
      asNode(old.content),
      asNode(now.content),
      `${at}/content`,
      ctx,
      { removed: both('breaking'), added: { caller: 'potentially-breaking', provider: 'safe' } },
      `The ${status} answer`,
    );
    diffHeaders(asNode(old.headers), asNode(now.headers), `${at}/headers`, status, report);
  }
}

function diffHeaders(from: Node, to: Node, pointer: string, status: string, report: (c: FoundChange) => void): void {
  const lower = (n: Node) => new Map(Object.entries(n).map(([k, v]) => [k.toLowerCase(), { name: k, node: asNode(v) }]));
  const a = lower(from);
  const b = lower(to);
  for (const [key, h] of a) {
    if (b.has(key)) continue;
    const required = h.node.required === true;
    report({
      rule: 'response-header-removed',
      pointer: `${pointer}/${escapePointerToken(h.name)}`,
      sentence: `The ${required ? 'required' : 'optional'} header ${h.name} of the ${status} answer was removed.`,
      levels: { caller: required ? 'breaking' : 'potentially-breaking', provider: 'safe' },
    });
  }
  for (const [key, h] of b) {
    const at = `${pointer}/${escapePointerToken(h.name)}`;
    const old = a.get(key);
    const required = h.node.required === true;
    if (!old) {
      report({
        rule: 'response-header-added',
        pointer: at,
        sentence: `The ${required ? 'required' : 'optional'} header ${h.name} was added to the ${status} answer.`,
        levels: required ? byEffect('response', 'narrows') : both('safe'),
      });
      continue;
    }
    const was = old.node.required === true;
    if (!was && required)
      report({
        rule: 'response-header-became-required',
        pointer: at,
        sentence: `The header ${h.name} of the ${status} answer became required.`,
        levels: byEffect('response', 'narrows'),
      });
    if (was && !required)
      report({
        rule: 'response-header-became-optional',
        pointer: at,
        sentence: `The header ${h.name} of the ${status} answer became optional.`,
        levels: byEffect('response', 'widens'),
      });
    diffSchema(old.node.schema, h.node.schema, `${at}/schema`, { position: 'response', subject: 'response-header', report });
  }
}

/** The alternatives of a security requirement (OpenAPI 3.1 §4.8.30), `{}` standing for "no credential". */
function alternatives(side: OperationSide): Map<string, Map<string, string[]>> {
  const list = Array.isArray(side.operation.security) ? side.operation.security : Array.isArray(side.rootSecurity) ? side.rootSecurity : [];
  const out = new Map<string, Map<string, string[]>>();
  for (const raw of list.length === 0 ? [{}] : list) {
    const req = asNode(raw);
    const schemes = new Map(Object.entries(req).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : []]));
    out.set([...schemes.keys()].sort().join(' + ') || 'no credential', schemes);
  }
  return out;
}

function diffSecurity(base: OperationSide, head: OperationSide, report: (c: FoundChange) => void): void {
  const from = alternatives(base);
  const to = alternatives(head);
  const at = `${head.pointer}/security`;
  for (const name of from.keys()) {
    if (!to.has(name))
      report({
        rule: 'security-requirement-removed',
        pointer: at,
        sentence: `Callers can no longer authenticate with ${name}.`,
        levels: byEffect('request', 'narrows'),
      });
  }
  for (const [name, schemes] of to) {
    const old = from.get(name);
    if (!old) {
      report({
        rule: 'security-requirement-added',
        pointer: at,
        sentence: `Callers may now authenticate with ${name}.`,
        levels: byEffect('request', 'widens'),
      });
      continue;
    }
    for (const [scheme, scopes] of schemes) {
      const before = old.get(scheme) ?? [];
      const added = scopes.filter((s) => !before.includes(s));
      const removed = before.filter((s) => !scopes.includes(s));
      // A scope more is a token fewer accepted (narrower); a scope less, a token more.
      if (added.length > 0)
        report({
          rule: 'security-scope-added',
          pointer: at,
          sentence: `${scheme} now requires the scope${added.length > 1 ? 's' : ''} ${added.join(', ')}.`,
          levels: byEffect('request', 'narrows'),
        });
      if (removed.length > 0)
        report({
          rule: 'security-scope-removed',
          pointer: at,
          sentence: `${scheme} no longer requires the scope${removed.length > 1 ? 's' : ''} ${removed.join(', ')}.`,
          levels: byEffect('request', 'widens'),
        });
    }
  }
}
