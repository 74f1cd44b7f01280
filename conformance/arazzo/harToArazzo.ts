import type { OpenAPIV3_1 } from 'openapi-types';
import { indexOperations, type OperationSpec } from '../../spec/operationIndex.ts';
import { escapePointerToken } from '../../spec/resolvePointer.ts';
import type { HarExchange } from '../har/readHar.ts';

/** An Arazzo 1.0.1 document (https://spec.openapis.org/arazzo/v1.0.1), the parts this export writes. */
export interface ArazzoDocument {
  arazzo: '1.0.1';
  info: { title: string; version: string; description?: string };
  sourceDescriptions: Array<{ name: string; url: string; type: 'openapi' }>;
  workflows: Array<{
    workflowId: string;
    description?: string;
    inputs: { type: 'object'; properties: Record<string, { type: 'string'; description: string }> };
    steps: ArazzoStep[];
  }>;
}

export interface ArazzoStep {
  stepId: string;
  operationId: string;
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; value: string }>;
  requestBody?: { contentType: string; payload: unknown; replacements?: Array<{ target: string; value: string }> };
  successCriteria: Array<{ condition: string }>;
  outputs?: Record<string, string>;
}

export interface ArazzoExport {
  document: ArazzoDocument;
  /** The HAR entries left out, each with why (not an API operation, an OAuth page, a body that is not JSON). */
  skipped: string[];
}

/** A value the journal masked (`***`, `***abcd`): the run must be given it, as an input. */
const MASKED = /^\*\*\*/;
/** Values worth carrying from an answer to a later request: ids and other long tokens, never `true` or `2`. */
const CARRIED = /^(?=.*\d)[\w.:@-]{6,}$/;
/** How many nodes of one earlier answer are searched for a carried value: answers are hostile, bounded. */
const SEARCH_BUDGET = 20_000;
const SKIPPED_TAGS = new Set(['oauth']);

/**
 * A recorded flow as an Arazzo workflow: one step per API exchange in the HAR, named by operationId, with its
 * parameters and JSON body, success on the status it got, and outputs carrying the values a later request took
 * from an earlier answer (`$response.body#/0/_id`), so the workflow holds on data other than the recording's.
 * Masked secrets (the bearer token, a data action's `secret`) become workflow inputs.
 */
export function harToArazzo(exchanges: readonly HarExchange[], doc: OpenAPIV3_1.Document, options: { specUrl: string; title: string }): ArazzoExport {
  const operations = [...indexOperations(doc).values()];
  const skipped: string[] = [];
  const inputs: ArazzoDocument['workflows'][0]['inputs']['properties'] = {};
  const earlier: Array<{ step: ArazzoStep; body: unknown }> = [];
  const steps: ArazzoStep[] = [];
  const counts = new Map<string, number>();

  const carry = (value: string): string | undefined => {
    if (!CARRIED.test(value)) return undefined;
    for (let i = earlier.length - 1; i >= 0; i -= 1) {
      const source = earlier[i]!;
      const pointer = findValue(source.body, value);
      if (pointer === undefined) continue;
      source.step.outputs ??= {};
      const expression = `$response.body#${pointer}`;
      let name = Object.entries(source.step.outputs).find(([, e]) => e === expression)?.[0];
      if (!name) {
        // Letters and digits only: Redocly's runtime-expression parser stops at `-` and `_`.
        const last =
          pointer
            .split('/')
            .pop()
            ?.replace(/[^A-Za-z0-9]/g, '') || 'value';
        name = `${last}${Object.keys(source.step.outputs).length + 1}`;
        source.step.outputs[name] = expression;
      }
      return `$steps.${source.step.stepId}.outputs.${name}`;
    }
    return undefined;
  };
  const secret = (name: string, description: string): string => {
    inputs[name] = { type: 'string', description };
    return `$inputs.${name}`;
  };

  for (const ex of exchanges) {
    const url = safeUrl(ex.url);
    const op = url && operations.find((o) => o.method === ex.method.toLowerCase() && o.matcher.test(url.pathname));
    if (!url || !op) {
      skipped.push(`${ex.method} ${ex.url}: not an operation of the contract`);
      continue;
    }
    if (op.tags.some((t) => SKIPPED_TAGS.has(t))) {
      skipped.push(`${ex.method} ${url.pathname}: ${op.operationId} is part of the OAuth login, which a person does in a browser`);
      continue;
    }
    const n = (counts.get(op.operationId) ?? 0) + 1;
    counts.set(op.operationId, n);
    const step: ArazzoStep = {
      stepId: `${op.operationId.replace(/[^A-Za-z0-9]/g, '')}${n}`,
      operationId: op.operationId,
      successCriteria: [{ condition: `$statusCode == ${ex.status}` }],
    };
    const parameters = stepParameters(ex, url, op, carry, secret);
    if (parameters.length > 0) step.parameters = parameters;
    if (ex.requestBody !== undefined && ex.requestBody !== '') {
      const body = parseJson(ex.requestBody);
      if (body === undefined) {
        skipped.push(`${ex.method} ${url.pathname}: its body is not JSON`);
        continue;
      }
      const replacements: Array<{ target: string; value: string }> = [];
      walkStrings(body.value, '', (pointer, value) => {
        if (MASKED.test(value))
          replacements.push({
            target: pointer,
            value: secret(pointer.split('/').pop() || 'secret', `the masked body value at ${pointer} of ${op.operationId}`),
          });
        else {
          const carried = carry(value);
          if (carried) replacements.push({ target: pointer, value: carried });
        }
      });
      step.requestBody = {
        contentType: ex.headers['content-type']?.split(';')[0] ?? 'application/json',
        payload: body.value,
        ...(replacements.length > 0 ? { replacements } : {}),
      };
    }
    steps.push(step);
    earlier.push({ step, body: ex.responseBody === undefined ? undefined : parseJson(ex.responseBody)?.value });
  }
  return {
    document: {
      arazzo: '1.0.1',
      info: { title: options.title, version: '1.0.0', description: 'Exported from a recorded HAR: one step per API exchange.' },
      sourceDescriptions: [{ name: 'api', url: options.specUrl, type: 'openapi' }],
      workflows: [{ workflowId: 'recordedFlow', inputs: { type: 'object', properties: inputs }, steps }],
    },
    skipped,
  };
}

function stepParameters(
  ex: HarExchange,
  url: URL,
  op: OperationSpec,
  carry: (value: string) => string | undefined,
  secret: (name: string, description: string) => string,
): NonNullable<ArazzoStep['parameters']> {
  const out: NonNullable<ArazzoStep['parameters']> = [];
  const match = op.matcher.exec(url.pathname);
  op.pathParameterNames.forEach((name, i) => {
    const value = decodeURIComponent(match?.[i + 1] ?? '');
    out.push({ name, in: 'path', value: carry(value) ?? value });
  });
  for (const [name, value] of url.searchParams) out.push({ name, in: 'query', value: carry(value) ?? value });
  for (const p of op.parameters) {
    if (p.in !== 'header') continue;
    const value = ex.headers[p.name.toLowerCase()];
    if (value !== undefined)
      out.push({
        name: p.name,
        in: 'header',
        value: MASKED.test(value) ? secret(p.name.replace(/\W/g, ''), `the masked ${p.name} header`) : (carry(value) ?? value),
      });
  }
  // The bearer token is masked in every recording: the run is given it, whole, as the input `authorization`.
  if (ex.headers.authorization !== undefined && op.securitySchemes.length > 0)
    out.push({ name: 'Authorization', in: 'header', value: secret('authorization', 'the Authorization header, e.g. "Bearer dev-token"') });
  return out;
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function walkStrings(node: unknown, pointer: string, visit: (pointer: string, value: string) => void): void {
  if (typeof node === 'string') visit(pointer, node);
  else if (Array.isArray(node)) node.forEach((v, i) => walkStrings(v, `${pointer}/${i}`, visit));
  else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) walkStrings(v, `${pointer}/${escapePointerToken(k)}`, visit);
}

/** The JSON Pointer of the first place (breadth first, within a budget) a string equals `value`. */
function findValue(root: unknown, value: string): string | undefined {
  const queue: Array<[unknown, string]> = [[root, '']];
  for (let seen = 0; seen < queue.length && seen < SEARCH_BUDGET; seen += 1) {
    const [node, pointer] = queue[seen]!;
    if (node === value) return pointer;
    if (Array.isArray(node)) node.forEach((v, i) => queue.push([v, `${pointer}/${i}`]));
    else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) queue.push([v, `${pointer}/${escapePointerToken(k)}`]);
  }
  return undefined;
}
