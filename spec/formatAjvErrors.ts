import type { ErrorObject } from 'ajv';

/** One broken rule, located precisely enough to fix: where (`in` + `path`), which keyword, and why. */
export interface FieldError {
  in: 'path' | 'query' | 'header' | 'body' | 'response';
  /** A parameter name, or a JSON Pointer (RFC 6901) into the body, "" for the whole body. */
  path: string;
  /** The JSON Schema keyword (or our own rule name) that failed. */
  rule: string;
  message: string;
}

/** Turns Ajv errors into FieldErrors, pointing at the missing or extra key itself rather than its parent. */
export function formatAjvErrors(errors: ErrorObject[] | null | undefined, where: FieldError['in'], base = ''): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    let path = base + error.instancePath;
    let message = error.message ?? 'is invalid';
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') {
      path += '/' + escape(String(params.missingProperty));
      message = 'is required';
    } else if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      const key = String(params.additionalProperty ?? params.unevaluatedProperty);
      path += '/' + escape(key);
      message = 'is not allowed here';
    } else if (error.keyword === 'enum') {
      message = `must be one of ${JSON.stringify(params.allowedValues)}`;
    } else if (error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      // The branch errors say more than the summary does.
      if ((errors ?? []).length > 1) continue;
    }
    // anyOf over formats (a date or a date-time): one error naming every format, not one per branch.
    const sameFormat = error.keyword === 'format' ? out.find((e) => e.path === path && e.rule === 'format') : undefined;
    if (sameFormat) {
      sameFormat.message += ` or "${String(params.format)}"`;
      continue;
    }
    const key = `${path}|${error.keyword}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ in: where, path, rule: error.keyword, message });
  }
  return out;
}

/** "body.groups.data[0].name must be string" — the one-line form used in problem details and reports. */
export function describeFieldError(error: FieldError): string {
  return `${locate(error)} ${error.message}`;
}

export function locate(error: Pick<FieldError, 'in' | 'path'>): string {
  if (error.in !== 'body' && error.in !== 'response') return `${error.in}.${error.path}`;
  let out: string = error.in;
  for (const raw of error.path.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(token)) out += `[${token}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(token)) out += `.${token}`;
    else out += `[${JSON.stringify(token)}]`;
  }
  return out;
}

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
