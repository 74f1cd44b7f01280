import { parse } from 'node:querystring';

/**
 * A query string as Express's 'simple' query parser reads it (Node's querystring: `+` is a space, a repeated
 * name gives a list, at most 1000 pairs, an object without prototype), so every mount reads a query alike.
 */
export function parseQueryString(search: string): Record<string, string | string[]> {
  return parse(search) as Record<string, string | string[]>;
}
