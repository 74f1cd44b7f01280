import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { coerceParameter } from './coerceParameter.ts';
import { findUnknownKeys, type UnknownKey } from './findUnknownKeys.ts';
import { formatAjvErrors, type FieldError } from './formatAjvErrors.ts';
import { locatePointer, SpecError } from './SpecError.ts';
import { indexOperations, type OperationSpec, type ResponseSpec } from './operationIndex.ts';
import { opaqueSchema } from './opaqueSchema.ts';
import { resolvePointer } from './resolvePointer.ts';
import { normalizePath } from './normalizePath.ts';

export type RawValues = Record<string, string | string[] | undefined>;

export interface RequestInput {
  /** Path parameters, already split by the router (or by matchOperation). */
  path?: Record<string, string>;
  query?: RawValues;
  /** Header names in any case. */
  headers?: RawValues;
  /** The parsed body (undefined when none was sent). */
  body?: unknown;
  /** The Content-Type header as sent (parameters allowed). */
  contentType?: string;
}

export interface RequestValidation {
  ok: boolean;
  errors: FieldError[];
  /** Not errors: unknown body keys and query parameters, reported back so a client learns of a typo. */
  warnings: UnknownKey[];
  /** Parameter values coerced to their schema types, defaults applied; keyed by location then name. */
  values: { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown> };
  /** 415 when the media type is wrong, 400 otherwise. */
  status: 400 | 415;
}

export interface ResponseValidation {
  /** The status is one the operation documents (exactly, by range, or by default). */
  documented: boolean;
  response?: ResponseSpec;
  errors: FieldError[];
}

export interface Contract {
  document: OpenAPIV3_1.Document;
  file: string;
  operations: Map<string, OperationSpec>;
  operation(operationId: string): OperationSpec;
  /** Finds the operation a concrete method + path reaches, with its path parameters. */
  matchOperation(method: string, path: string): { operation: OperationSpec; pathParams: Record<string, string> } | undefined;
  validateRequest(operationId: string, input: RequestInput): RequestValidation;
  /**
   * `opaque`: schema pointers whose instances in the body were checked already (presented fragments); only
   * the envelope around them is checked here.
   */
  validateResponse(
    operationId: string,
    status: number,
    contentType: string | undefined,
    body: unknown,
    headers?: RawValues,
    opaque?: ReadonlySet<string>,
  ): ResponseValidation;
  /** Validates any value against a schema of the document, e.g. '#/components/schemas/Group'. */
  validateSchema(schemaPointer: string, value: unknown, where?: FieldError['in']): FieldError[];
  /** True when the element at the pointer, or any element above it, carries x-inferred: true. */
  isInferred(pointer: string): boolean;
  /** Compiles every validator not compiled yet; throws SpecError for a schema that does not compile. */
  compileAll(): void;
  /**
   * compileAll one operation per turn of the event loop, so requests arriving meanwhile are answered in
   * between (a lazy contract warmed up after the server listens); rejects with the first SpecError.
   */
  warmUp(): Promise<void>;
}

export interface ContractOptions {
  /**
   * `eager` (the default) compiles every request and response validator now, so a broken schema fails here.
   * `lazy` compiles each on first use (about 200 ms less to start); the server then calls warmUp() once it
   * listens, so a broken schema still stops it and no operation's first request pays for its compilation.
   */
  compile?: 'eager' | 'lazy';
}

const DOC_ID = 'openapi.json';
export function buildContract(document: OpenAPIV3_1.Document, file = '<inline>', options: ContractOptions = {}): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
  // ajv-formats is CommonJS; its module.exports.default is the plugin under both tsc and Node's ESM loader.
  ajvFormats.default(ajv);
  ajv.addSchema(document as object, DOC_ID, undefined, false);

  const validators = new Map<string, ValidateFunction>();
  const compile = (schemaPointer: string): ValidateFunction => {
    const known = validators.get(schemaPointer);
    if (known) return known;
    let fn: ValidateFunction;
    try {
      fn = ajv.compile({ $ref: `${DOC_ID}${encodeFragment(schemaPointer)}` });
    } catch (error) {
      throw new SpecError(file, locatePointer(document, schemaPointer), `${schemaPointer} does not compile: ${(error as Error).message}`);
    }
    validators.set(schemaPointer, fn);
    return fn;
  };

  // Envelope validators, one per schema and set of opaque parts, compiled on first use.
  const envelopes = new Map<string, ValidateFunction>();
  // Callers that pass the same set object again (one per combination of schemas) find it without a key built.
  const envelopesBySet = new WeakMap<ReadonlySet<string>, Map<string, ValidateFunction>>();
  const compileEnvelope = (schemaPointer: string, opaque: ReadonlySet<string>): ValidateFunction => {
    let bySet = envelopesBySet.get(opaque);
    const known = bySet?.get(schemaPointer);
    if (known) return known;
    const key = `${schemaPointer} ${[...opaque].sort().join(' ')}`;
    let fn = envelopes.get(key);
    if (!fn) {
      fn = ajv.compile(opaqueSchema(document, schemaPointer, opaque, DOC_ID, encodeFragment) as object);
      envelopes.set(key, fn);
    }
    if (!bySet) envelopesBySet.set(opaque, (bySet = new Map()));
    bySet.set(schemaPointer, fn);
    return fn;
  };

  // Schemas read on every request (response headers, request bodies for the unknown-key search), resolved once.
  const resolvedSchemas = new Map<string, Record<string, unknown>>();
  const schemaAt = (schemaPointer: string): Record<string, unknown> => {
    let schema = resolvedSchemas.get(schemaPointer);
    if (!schema) resolvedSchemas.set(schemaPointer, (schema = resolvePointer(document, schemaPointer) as Record<string, unknown>));
    return schema;
  };

  let operations: Map<string, OperationSpec>;
  try {
    operations = indexOperations(document);
  } catch (error) {
    throw new SpecError(file, '#/paths', (error as Error).message);
  }
  const compileOperation = (op: OperationSpec): void => {
    for (const param of op.parameters) compile(param.schemaPointer);
    for (const schema of Object.values(op.requestBody?.content ?? {})) compile(schema);
    for (const response of Object.values(op.responses)) {
      for (const schema of [...Object.values(response.content), ...Object.values(response.headers)]) compile(schema);
    }
  };
  const compileAll = (): void => {
    for (const op of operations.values()) compileOperation(op);
  };
  // Eager by default: a broken schema fails at startup, never on the first request that needs it.
  if (options.compile !== 'lazy') compileAll();

  const operation = (operationId: string): OperationSpec => {
    const op = operations.get(operationId);
    if (!op) throw new Error(`unknown operationId "${operationId}"`);
    return op;
  };

  // Literal paths are tried before templated ones, so /v1/groups/search never reads as /v1/groups/{groupId}.
  const ordered = [...operations.values()].sort((a, b) => a.pathParameterNames.length - b.pathParameterNames.length);

  return {
    document,
    file,
    operations,
    operation,
    matchOperation(method, path) {
      const lower = method.toLowerCase();
      const normalized = normalizePath(path);
      for (const op of ordered) {
        if (op.method !== lower) continue;
        const match = op.matcher.exec(normalized);
        if (!match) continue;
        const pathParams: Record<string, string> = {};
        op.pathParameterNames.forEach((name, i) => {
          pathParams[name] = safeDecode(match[i + 1] ?? '');
        });
        return { operation: op, pathParams };
      }
      return undefined;
    },
    validateRequest(operationId, input) {
      const op = operation(operationId);
      const errors: FieldError[] = [];
      const warnings: UnknownKey[] = [];
      const values: RequestValidation['values'] = { path: {}, query: {}, header: {} };
      const headers = lowerKeys(input.headers ?? {});
      const sources: Record<string, RawValues> = { path: input.path ?? {}, query: input.query ?? {}, header: headers };
      let status: 400 | 415 = 400;

      for (const param of op.parameters) {
        if (param.in === 'cookie') continue;
        const raw = sources[param.in]?.[param.name];
        if (raw === undefined || (raw === '' && param.in === 'header')) {
          if (param.required) errors.push({ in: param.in, path: param.name, rule: 'required', message: 'is required' });
          else if (param.schema.default !== undefined) values[param.in][param.name] = param.schema.default;
          continue;
        }
        if (Array.isArray(raw) && param.schema.type !== 'array') {
          errors.push({ in: param.in, path: param.name, rule: 'type', message: 'must be given once, not repeated' });
          continue;
        }
        const value = Array.isArray(raw) ? raw : coerceParameter(raw, param.schema);
        const validate = compile(param.schemaPointer);
        if (!validate(value)) {
          for (const e of formatAjvErrors(validate.errors, param.in)) errors.push({ ...e, path: param.name + (e.path ? e.path : '') });
          continue;
        }
        values[param.in][param.name] = value;
      }

      const known = queryNames(op);
      for (const name in input.query) {
        if (!known.has(name)) warnings.push({ path: `query.${name}`, key: name, message: `unknown query parameter "${name}" (ignored)` });
      }

      const body = op.requestBody;
      const hasBody = input.body !== undefined;
      if (body && hasBody) {
        const mediaType = (input.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const schemaPointer = body.content[mediaType];
        if (!schemaPointer) {
          status = 415;
          errors.push({
            in: 'header',
            path: 'content-type',
            rule: 'mediaType',
            message: `must be one of ${Object.keys(body.content).join(', ')} (got "${mediaType || 'none'}")`,
          });
        } else {
          const validate = compile(schemaPointer);
          if (!validate(input.body)) errors.push(...formatAjvErrors(validate.errors, 'body'));
          warnings.push(...findUnknownKeys(document, schemaAt(schemaPointer), input.body));
        }
      } else if (body?.required && !hasBody) {
        errors.push({ in: 'body', path: '', rule: 'required', message: 'a request body is required' });
      }
      return { ok: errors.length === 0, errors, warnings, values, status };
    },
    validateResponse(operationId, status, contentType, body, headers, opaque) {
      const op = operation(operationId);
      const response = findResponse(op, status);
      if (!response) return { documented: false, errors: [] };
      const errors: FieldError[] = [];
      const types = Object.keys(response.content);
      if (types.length > 0) {
        const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const schemaPointer = response.content[mediaType];
        if (!schemaPointer) {
          errors.push({ in: 'response', path: '', rule: 'mediaType', message: `content type must be ${types.join(' or ')} (got "${mediaType || 'none'}")` });
        } else if (mediaType.includes('json')) {
          const validate = opaque && opaque.size > 0 ? compileEnvelope(schemaPointer, opaque) : compile(schemaPointer);
          if (!validate(body)) errors.push(...formatAjvErrors(validate.errors, 'response'));
        }
      }
      const lowered = lowerKeys(headers ?? {});
      for (const [name, schemaPointer] of Object.entries(response.headers)) {
        const raw = lowered[name];
        if (raw === undefined || Array.isArray(raw)) continue;
        const schema = schemaAt(schemaPointer);
        const validate = compile(schemaPointer);
        if (!validate(coerceParameter(raw, schema))) {
          for (const e of formatAjvErrors(validate.errors, 'response')) errors.push({ ...e, path: `header ${name}`, message: e.message });
        }
      }
      return { documented: true, response, errors };
    },
    validateSchema(schemaPointer, value, where = 'body') {
      const validate = compile(schemaPointer);
      return validate(value) ? [] : formatAjvErrors(validate.errors, where);
    },
    compileAll,
    async warmUp() {
      for (const op of operations.values()) {
        await new Promise((resolve) => setImmediate(resolve));
        compileOperation(op);
      }
    },
    isInferred(target) {
      const tokens = target.replace(/^#/, '').split('/').slice(1);
      let node: unknown = document;
      for (const token of tokens) {
        if (node && typeof node === 'object' && (node as Record<string, unknown>)['x-inferred'] === true) return true;
        const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
        node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
        if (node && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string') {
          if (this.isInferred((node as { $ref: string }).$ref)) return true;
        }
      }
      return !!node && typeof node === 'object' && (node as Record<string, unknown>)['x-inferred'] === true;
    },
  };
}

/** Exact status first, then its range (4XX), then default (OAS 3.1 §4.8.16). */
export function findResponse(op: OperationSpec, status: number): ResponseSpec | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}

// The names of an operation's query parameters, for the unknown-parameter warning on every request.
const queryNamesOf = new WeakMap<OperationSpec, ReadonlySet<string>>();
function queryNames(op: OperationSpec): ReadonlySet<string> {
  let names = queryNamesOf.get(op);
  if (!names) queryNamesOf.set(op, (names = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name))));
  return names;
}

/** Header names in lower case; Node's own are already, and are then used as they are (read, never written). */
function lowerKeys(values: RawValues): RawValues {
  let lower = true;
  for (const key in values) {
    if (key !== key.toLowerCase()) {
      lower = false;
      break;
    }
  }
  if (lower) return values;
  const out: RawValues = {};
  for (const [key, value] of Object.entries(values)) out[key.toLowerCase()] = value;
  return out;
}

function encodeFragment(schemaPointer: string): string {
  // Ajv resolves $ref as a URI: percent-encode what a URI fragment cannot hold, keep the pointer syntax.
  return (
    '#' +
    schemaPointer
      .slice(1)
      .split('/')
      .map((t) => encodeURIComponent(t).replace(/%40/g, '@').replace(/%3A/g, ':').replace(/%7E/g, '~'))
      .join('/')
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
