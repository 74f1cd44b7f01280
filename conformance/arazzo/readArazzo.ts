import type { Contract } from '../../spec/contract.ts';
import { loadYaml } from '../../spec/loadYaml.ts';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import { isRecord } from '../checks/values.ts';
import { UsageError } from '../config/UsageError.ts';
import { HAR_LIMITS, type HarExchange } from '../har/readHar.ts';

/** What an Arazzo document gives a replay: its steps as recorded exchanges, and what of it the replay does not judge. */
export interface ArazzoExchanges {
  exchanges: HarExchange[];
  /** Parts of the workflow left out or not evaluated, counted by why (the replay's `skipped`). */
  skipped: Record<string, number>;
}

/** The host of the exchanges made from a workflow: never sent to, only parsed (RFC 6761 reserves .invalid). */
const ORIGIN = 'http://arazzo.invalid';
/** What a secret the run must be given looks like in a recording: the journal masks it so. */
const MASKED = '***';
const STATUS_CRITERION = /^\s*\$statusCode\s*==\s*(\d{3})\s*$/;
/** A runtime expression embedded in a string (Arazzo 1.0.1 §4.8: `{$inputs.x}`), or the whole value. */
const EMBEDDED = /\{(\$[^{}]+)\}/g;

/** True when the text is an Arazzo document (YAML or JSON whose first key is `arazzo`), not a HAR. */
export function isArazzoText(text: string): boolean {
  return /^(?:\s*#[^\n]*\n)*\s*(?:\{\s*)?["']?arazzo["']?\s*:/.test(text.slice(0, 4096));
}

/**
 * Reads an Arazzo 1.0.1 document (https://spec.openapis.org/arazzo/v1.0.1) as the exchanges of a recording, so
 * a replay treats a workflow as it treats a HAR: each step (`operationId` or `operationPath`) with its
 * parameters and JSON payload is a request; the status its `$statusCode == N` criterion names is the recorded
 * status. A value a step takes from an earlier step (`$steps.s.outputs.o`, an output `$response.body#/1/_id`)
 * becomes a token placed at that pointer of the earlier step's recorded answer, so the replay maps it as it maps
 * an id of a HAR, by where it came from (the target's own value at the same place), never by its value.
 * Workflow inputs take their `default`, else stand for a masked secret (`***`), which the replay supplies as it
 * does for a recording. Bounded as a HAR is; anything it cannot read is a UsageError naming the step.
 */
export function readArazzo(text: string, file: string, contract: Contract): ArazzoExchanges {
  if (text.length > HAR_LIMITS.bytes) throw new UsageError(`${file}: the Arazzo document is larger than ${HAR_LIMITS.bytes} bytes`);
  let doc: unknown;
  try {
    doc = loadYaml().parse(text, { maxAliasCount: 100, uniqueKeys: true });
  } catch (error) {
    throw new UsageError(`${file} is not an Arazzo document (${(error as Error).message.split('\n')[0]})`);
  }
  if (!isRecord(doc) || typeof doc.arazzo !== 'string' || !Array.isArray(doc.workflows))
    throw new UsageError(`${file} is not an Arazzo document: it has no arazzo version and workflows list`);
  if (!/^1\.0\.\d+$/.test(doc.arazzo)) throw new UsageError(`${file}: Arazzo ${doc.arazzo.slice(0, 20)} is not read (1.0.x is)`);
  const skipped: Record<string, number> = {};
  const skip = (why: string): void => void (skipped[why] = (skipped[why] ?? 0) + 1);
  const exchanges: HarExchange[] = [];
  /** Each step's synthetic answer, and the token standing for each of its outputs. */
  const answers = new Map<string, { body: unknown; tokens: Map<string, string> }>();
  let steps = 0;

  for (const workflow of doc.workflows as unknown[]) {
    if (!isRecord(workflow) || !Array.isArray(workflow.steps)) throw new UsageError(`${file}: a workflow has no steps list`);
    const workflowId = typeof workflow.workflowId === 'string' ? workflow.workflowId : `workflow${exchanges.length}`;
    const inputs = isRecord(workflow.inputs) && isRecord(workflow.inputs.properties) ? workflow.inputs.properties : {};
    for (const raw of workflow.steps as unknown[]) {
      if (++steps > HAR_LIMITS.entries) throw new UsageError(`${file}: more than ${HAR_LIMITS.entries} steps`);
      if (!isRecord(raw) || typeof raw.stepId !== 'string') throw new UsageError(`${file}: a step of ${workflowId} has no stepId`);
      const where = `${file}: step ${workflowId}.${raw.stepId.slice(0, 80)}`;
      if (typeof raw.workflowId === 'string') {
        skip('a step that runs another workflow');
        continue;
      }
      const op = operationOf(raw, contract, where);
      // Values carried between steps, resolved to tokens in the earlier step's synthetic answer.
      const resolve = (value: unknown, what: string): string => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        if (text.startsWith('$') && !text.includes('{')) return expression(text, what);
        return text.replace(EMBEDDED, (_m, e: string) => expression(e, what));
      };
      const expression = (e: string, what: string): string => {
        const input = /^\$inputs\.([A-Za-z0-9_.-]+)$/.exec(e);
        if (input) {
          const schema = inputs[input[1] as string];
          const fallback = isRecord(schema) ? schema.default : undefined;
          return typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean' ? String(fallback) : MASKED;
        }
        const output = /^\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_.-]+)$/.exec(e);
        const token = output && answers.get(`${workflowId}.${output[1]}`)?.tokens.get(output[2] as string);
        if (token) return token;
        throw new UsageError(
          `${where}: ${what} ${JSON.stringify(e.slice(0, 120))}: a replay reads $inputs.x and $steps.<earlier step>.outputs.<output> whose output is $response.body#/pointer`,
        );
      };

      const path = new Map<string, string>();
      const query: Array<[string, string]> = [];
      const headers: Record<string, string> = {};
      for (const p of Array.isArray(raw.parameters) ? (raw.parameters as unknown[]) : []) {
        if (!isRecord(p) || typeof p.name !== 'string') {
          skip('a parameter that is a reusable reference');
          continue;
        }
        const value = resolve(p.value, `parameter ${p.name}`);
        if (p.in === 'path') path.set(p.name, value);
        else if (p.in === 'query') query.push([p.name, value]);
        else if (p.in === 'header') headers[p.name.toLowerCase()] = value;
        else skip(`a parameter in ${String(p.in).slice(0, 20)}`);
      }
      const missing = op.pathParameterNames.filter((n) => !path.has(n));
      if (missing.length > 0) throw new UsageError(`${where}: no value for the path parameter ${missing.join(', ')} of ${op.operationId}`);
      const concrete = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(path.get(name) as string));
      const search = query.length > 0 ? `?${new URLSearchParams(query).toString()}` : '';

      let requestBody: string | undefined;
      if (isRecord(raw.requestBody)) {
        const payload = structuredClone(raw.requestBody.payload);
        for (const r of Array.isArray(raw.requestBody.replacements) ? (raw.requestBody.replacements as unknown[]) : []) {
          if (isRecord(r) && typeof r.target === 'string') setAt(payload, r.target, resolve(r.value, `replacement ${r.target}`), where);
        }
        requestBody = typeof payload === 'string' ? payload : JSON.stringify(payload);
        headers['content-type'] = typeof raw.requestBody.contentType === 'string' ? raw.requestBody.contentType : 'application/json';
      }

      const criteria = Array.isArray(raw.successCriteria) ? (raw.successCriteria as unknown[]) : [];
      let status: number | undefined;
      for (const c of criteria) {
        const m = isRecord(c) && typeof c.condition === 'string' && (c.type === undefined || c.type === 'simple') ? STATUS_CRITERION.exec(c.condition) : null;
        if (m) status ??= Number(m[1]);
        else skip('a success criterion other than $statusCode == N (not evaluated)');
      }
      if (status === undefined) skip('a step with no $statusCode criterion (a 200 expected)');

      // The answer the outputs point into: a token at each pointer, so a later request's value is found there.
      const tokens = new Map<string, string>();
      let body: unknown;
      for (const [name, value] of Object.entries(isRecord(raw.outputs) ? raw.outputs : {})) {
        const pointer = typeof value === 'string' ? /^\$response\.body#(\/.*)$/.exec(value)?.[1] : undefined;
        if (pointer === undefined) {
          skip('an output other than $response.body#/pointer');
          continue;
        }
        const token = `arazzo${exchanges.length + 1}x${tokens.size + 1}${name.replace(/[^A-Za-z0-9]/g, '')}`;
        tokens.set(name, token);
        body = placeAt(body, pointer, token, where);
      }
      answers.set(`${workflowId}.${raw.stepId}`, { body, tokens });
      exchanges.push({
        index: exchanges.length,
        startedDateTime: '',
        method: op.method.toUpperCase(),
        url: `${ORIGIN}${concrete}${search}`,
        headers,
        ...(requestBody !== undefined ? { requestBody } : {}),
        status: status ?? 200,
        responseHeaders: { 'content-type': 'application/json' },
        ...(body !== undefined ? { responseBody: JSON.stringify(body) } : {}),
        stepId: raw.stepId.slice(0, 80),
      });
    }
  }
  return { exchanges, skipped };
}

/** The step's operation: by operationId (with or without `$sourceDescriptions.<name>.`), or by operationPath's pointer. */
function operationOf(step: Record<string, unknown>, contract: Contract, where: string): OperationSpec {
  if (typeof step.operationId === 'string') {
    const id = step.operationId.replace(/^\$sourceDescriptions\.[^.]+\./, '');
    const op = contract.operations.get(id);
    if (!op) throw new UsageError(`${where}: ${JSON.stringify(id.slice(0, 80))} is not an operationId of the contract`);
    return op;
  }
  if (typeof step.operationPath === 'string') {
    const tokens = (step.operationPath.split('#')[1] ?? '')
      .split('/')
      .slice(1)
      .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
    const op = tokens[0] === 'paths' ? [...contract.operations.values()].find((o) => o.path === tokens[1] && o.method === tokens[2]) : undefined;
    if (!op) throw new UsageError(`${where}: operationPath ${JSON.stringify(step.operationPath.slice(0, 120))} names no operation of the contract`);
    return op;
  }
  throw new UsageError(`${where}: the step names no operationId or operationPath`);
}

function tokensOf(pointer: string, where: string): string[] {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (tokens.length > 32 || tokens.some((t) => t === '__proto__'))
    throw new UsageError(`${where}: the pointer ${JSON.stringify(pointer.slice(0, 120))} is not read`);
  return tokens;
}

/** `root` with `value` at `pointer`, containers made on the way (an array where the token is an index; at most 1,000 items). */
function placeAt(root: unknown, pointer: string, value: string, where: string): unknown {
  const tokens = tokensOf(pointer, where);
  const make = (token: string): unknown => (/^\d+$/.test(token) && Number(token) < 1000 ? [] : {});
  const out = tokens.length === 0 ? value : (root ?? make(tokens[0] as string));
  let node = out as Record<string, unknown>;
  tokens.forEach((token, i) => {
    const last = i === tokens.length - 1;
    if (Array.isArray(node)) while (node.length < Number(token)) node.push({});
    if (last) node[token] = value;
    else {
      const next = node[token];
      node[token] = next !== null && typeof next === 'object' ? next : make(tokens[i + 1] as string);
      node = node[token] as Record<string, unknown>;
    }
  });
  return out;
}

/** Sets a replacement's value at its JSON Pointer target in the payload (Arazzo's payload replacement object). */
function setAt(payload: unknown, pointer: string, value: string, where: string): void {
  const tokens = tokensOf(pointer.replace(/^#/, ''), where);
  let node = payload as Record<string, unknown>;
  for (const [i, token] of tokens.entries()) {
    if (node === null || typeof node !== 'object')
      throw new UsageError(`${where}: the replacement target ${JSON.stringify(pointer.slice(0, 120))} is not in the payload`);
    if (i === tokens.length - 1) node[token] = value;
    else node = node[token] as Record<string, unknown>;
  }
}
