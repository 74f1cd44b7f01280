import type { ServerResponse } from 'node:http';

/**
 * The value with `__v: 0` added to every object in it, nested ones and arrays' items included. A free map
 * (`fields`: a key per custom field or namespace) gets it in each of its objects but not as an entry of its
 * own: there every key is data, and a Mongoose Map serialises its entries only.
 */
export function addVersionKeys(value: unknown, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => addVersionKeys(v));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => [k, addVersionKeys(v, k === 'fields')]);
  return { ...Object.fromEntries(entries), ...(isMap ? {} : { __v: 0 }) };
}

/**
 * Makes every JSON answer of `res` carry Mongoose's version key on every object, as an implementation on
 * Mongoose does unless told otherwise: a key the description does not show, which it allows ("stored
 * records carry fields it does not show"), so no check may fail on it.
 */
export function versionKeysOn(res: ServerResponse): void {
  // writeHead(status, headers) does not store its headers where getHeader reads them: note the type here.
  let type = '';
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, string>) => ServerResponse;
  res.writeHead = ((status: number, headers?: Record<string, string>) => {
    type = headers?.['content-type'] ?? '';
    return writeHead(status, headers);
  }) as ServerResponse['writeHead'];
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    if (!/json/.test(type) || typeof chunk !== 'string') return end(chunk);
    let parsed: unknown;
    try {
      parsed = JSON.parse(chunk);
    } catch {
      return end(chunk);
    }
    return end(JSON.stringify(addVersionKeys(parsed)));
  }) as ServerResponse['end'];
}
