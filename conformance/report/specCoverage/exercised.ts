import type { Exchange } from '../../client/Exchange.ts';

/** What the run sent to and got from one operation. */
export interface Exercised {
  /** Statuses answered. */
  statuses: number[];
  /** Transport errors (no answer). */
  errors: string[];
  /** "query limit", "header community-id", "path groupId", and "query sort=name" for each value sent. */
  parameters: Set<string>;
  /** Body keys sent, as the spec inventory spells them ("groups.data[].name"). */
  bodyKeys: Set<string>;
}

/** Folds the recorded exchanges into what each operation saw. */
export function exercisedByOperation(exchanges: readonly Exchange[], pathParameters: (operationId: string) => string[]): Map<string, Exercised> {
  const byOp = new Map<string, Exercised>();
  for (const exchange of exchanges) {
    const op = exchange.operationId;
    if (!op) continue;
    let seen = byOp.get(op);
    if (!seen) byOp.set(op, (seen = { statuses: [], errors: [], parameters: new Set(), bodyKeys: new Set() }));
    if (exchange.response) seen.statuses.push(exchange.response.status);
    else if (exchange.error) seen.errors.push(exchange.error);
    for (const name of pathParameters(op)) seen.parameters.add(`path ${name}`);
    for (const name of Object.keys(exchange.request.headers)) seen.parameters.add(`header ${name.toLowerCase()}`);
    let url: URL | undefined;
    try {
      url = new URL(exchange.request.url);
    } catch {
      url = undefined;
    }
    for (const [name, value] of url?.searchParams ?? []) {
      seen.parameters.add(`query ${name}`);
      seen.parameters.add(`query ${name}=${value}`);
      // A comma-separated list (includes, sort) sends each of its names; a leading "-" is a direction.
      for (const part of value.split(',')) seen.parameters.add(`query ${name}=${part.replace(/^-/, '')}`);
    }
    for (const key of bodyKeysOf(exchange)) seen.bodyKeys.add(key);
  }
  return byOp;
}

function bodyKeysOf(exchange: Exchange): string[] {
  const body = exchange.request.body;
  if (body === undefined || body === '') return [];
  const type = (exchange.request.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('x-www-form-urlencoded')) return [...new URLSearchParams(body).keys()];
  try {
    return valueKeys(JSON.parse(body) as unknown, '');
  } catch {
    return [];
  }
}

function valueKeys(value: unknown, prefix: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valueKeys(item, `${prefix}[]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([name, sub]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [path, ...valueKeys(sub, path)];
  });
}
