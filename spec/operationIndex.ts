import type { OpenAPIV3_1 } from 'openapi-types';
import { deref, pointer } from './resolvePointer.ts';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ParameterSpec {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: Record<string, unknown>;
  /** JSON Pointer of the parameter's schema in the document (through components when referenced). */
  schemaPointer: string;
  inferred: boolean;
}

export interface ResponseSpec {
  status: string;
  pointer: string;
  description: string;
  inferred: boolean;
  inferredReason?: string;
  /** media type → JSON Pointer of its schema */
  content: Record<string, string>;
  /** header name (lower case) → JSON Pointer of its schema */
  headers: Record<string, string>;
}

export interface RequestBodySpec {
  required: boolean;
  pointer: string;
  /** media type → JSON Pointer of its schema */
  content: Record<string, string>;
}

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path template, e.g. /v1/groups/{groupId}. */
  path: string;
  pointer: string;
  tags: string[];
  summary: string;
  parameters: ParameterSpec[];
  requestBody?: RequestBodySpec;
  responses: Record<string, ResponseSpec>;
  /** Names of the security schemes that may authorize the call ([] = none). */
  securitySchemes: string[];
  /** x-credential, e.g. body.secret for the data actions. */
  credential?: string;
  inferred: boolean;
  inferredReason?: string;
  /** Matches a concrete request path; groups are the path parameters in template order. */
  matcher: RegExp;
  pathParameterNames: string[];
  raw: OpenAPIV3_1.OperationObject;
}

type Marked = { 'x-inferred'?: boolean; 'x-inferred-reason'?: string };

/** Indexes every operation of the document by operationId (refusing duplicates and missing ids). */
export function indexOperations(doc: OpenAPIV3_1.Document): Map<string, OperationSpec> {
  const byId = new Map<string, OperationSpec>();
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref<OpenAPIV3_1.PathItemObject>(doc, rawItem as OpenAPIV3_1.PathItemObject);
    for (const method of HTTP_METHODS) {
      const op = item[method] as (OpenAPIV3_1.OperationObject & Marked) | undefined;
      if (!op) continue;
      const opPointer = pointer('paths', path, method);
      if (!op.operationId) throw new Error(`${opPointer} has no operationId`);
      if (byId.has(op.operationId)) throw new Error(`operationId ${op.operationId} is used twice`);
      const { matcher, names } = compilePathTemplate(path);
      byId.set(op.operationId, {
        operationId: op.operationId,
        method,
        path,
        pointer: opPointer,
        tags: op.tags ?? [],
        summary: op.summary ?? '',
        parameters: collectParameters(doc, path, item, op, method),
        requestBody: collectRequestBody(doc, op, opPointer),
        responses: collectResponses(doc, op, opPointer),
        securitySchemes: (op.security ?? doc.security ?? []).flatMap((req) => Object.keys(req)),
        credential: (op as Record<string, unknown>)['x-credential'] as string | undefined,
        inferred: op['x-inferred'] === true,
        inferredReason: op['x-inferred-reason'],
        matcher,
        pathParameterNames: names,
        raw: op,
      });
    }
  }
  return byId;
}

function collectParameters(
  doc: OpenAPIV3_1.Document,
  path: string,
  item: OpenAPIV3_1.PathItemObject,
  op: OpenAPIV3_1.OperationObject,
  method: string,
): ParameterSpec[] {
  const found = new Map<string, ParameterSpec>();
  const sources: Array<[unknown[] | undefined, string[]]> = [
    [item.parameters, ['paths', path, 'parameters']],
    [op.parameters, ['paths', path, method, 'parameters']],
  ];
  for (const [list, base] of sources) {
    (list ?? []).forEach((raw, index) => {
      const ref = (raw as { $ref?: string }).$ref;
      const param = deref<OpenAPIV3_1.ParameterObject & Marked>(doc, raw as OpenAPIV3_1.ParameterObject);
      const schemaPointer = (ref ?? pointer(...base, index)) + '/schema';
      // Operation-level parameters override path-level ones with the same name and location (OAS 3.1 §4.8.10).
      found.set(`${param.in}:${param.name}`, {
        name: param.in === 'header' ? param.name.toLowerCase() : param.name,
        in: param.in as ParameterLocation,
        required: param.required === true,
        schema: (param.schema ?? {}) as Record<string, unknown>,
        schemaPointer,
        inferred: param['x-inferred'] === true,
      });
    });
  }
  return [...found.values()];
}

function collectRequestBody(doc: OpenAPIV3_1.Document, op: OpenAPIV3_1.OperationObject, opPointer: string): RequestBodySpec | undefined {
  if (!op.requestBody) return undefined;
  const ref = (op.requestBody as { $ref?: string }).$ref;
  const base = ref ?? `${opPointer}/requestBody`;
  const body = deref<OpenAPIV3_1.RequestBodyObject>(doc, op.requestBody);
  const content: Record<string, string> = {};
  for (const type of Object.keys(body.content ?? {})) content[type] = `${base}/content/${type.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`;
  return { required: body.required === true, pointer: base, content };
}

function collectResponses(doc: OpenAPIV3_1.Document, op: OpenAPIV3_1.OperationObject, opPointer: string): Record<string, ResponseSpec> {
  const out: Record<string, ResponseSpec> = {};
  for (const [status, raw] of Object.entries(op.responses ?? {})) {
    const ref = (raw as { $ref?: string }).$ref;
    const base = ref ?? `${opPointer}/responses/${status}`;
    const response = deref<OpenAPIV3_1.ResponseObject & Marked>(doc, raw as OpenAPIV3_1.ResponseObject);
    const content: Record<string, string> = {};
    for (const type of Object.keys(response.content ?? {})) content[type] = `${base}/content/${type.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`;
    const headers: Record<string, string> = {};
    for (const [name, rawHeader] of Object.entries(response.headers ?? {})) {
      const headerRef = (rawHeader as { $ref?: string }).$ref;
      headers[name.toLowerCase()] = (headerRef ?? `${base}/headers/${name}`) + '/schema';
    }
    out[status] = {
      status,
      pointer: base,
      description: response.description ?? '',
      inferred: response['x-inferred'] === true,
      inferredReason: response['x-inferred-reason'],
      content,
      headers,
    };
  }
  return out;
}

/** Turns /v1/groups/{groupId} into an anchored RegExp; literal characters (':' '@' '.') are escaped. */
export function compilePathTemplate(template: string): { matcher: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{([^}]+)\}$/.exec(part);
      if (param) {
        names.push(param[1] as string);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { matcher: new RegExp(`^${source}/?$`), names };
}
