import type { ApiRequest } from '../exchange/ApiExchange.ts';
import type { RouteContext } from '../exchange/MockRoute.ts';
import { type Arrival, sessionOf } from '../sessions/frontDoor.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import { BODY_LIMIT_BYTES, bodyParserError } from './bodyLimit.ts';
import { parseQueryString } from './parseQueryString.ts';

/** What the lifecycle keeps of a route's request for its journal entry: the body's bytes, once read. */
export interface ReadBody {
  bytes?: Uint8Array;
}

/** The media type and charset of a Content-Type value, lower-cased. */
function contentTypeOf(value: string | string[] | undefined): { type: string; charset?: string } {
  const text = (Array.isArray(value) ? value[0] : value) ?? '';
  const [type = '', ...params] = text.split(';');
  const charset = params
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith('charset='))
    ?.slice(8)
    .replace(/^"|"$/g, '');
  return { type: type.trim().toLowerCase(), ...(charset !== undefined ? { charset } : {}) };
}

/**
 * The context a mock route is given (MockRoute.ts): the query parsed as every mount parses it, the session
 * resolved only when asked (a refused one thrown as its problem), and the body read once, under a limit,
 * into `read` (the journal's copy).
 */
export function routeContext(
  request: ApiRequest,
  params: Record<string, string>,
  arrival: Arrival,
  sessions: SessionRegistry<Session>,
  read: ReadBody,
): RouteContext {
  let reading: Promise<Uint8Array | undefined> | undefined;
  const bytes = (limit = BODY_LIMIT_BYTES): Promise<Uint8Array | undefined> =>
    (reading ??= (async () => {
      const body = typeof request.body === 'function' ? await request.body(limit) : request.body;
      if (body && body.byteLength > limit) throw bodyParserError('request entity too large', 'entity.too.large', 413);
      read.bytes = body;
      return body;
    })());
  const mountPath = request.mountPath ?? '';
  return {
    request,
    params,
    query: request.search === '' ? {} : parseQueryString(request.search),
    session: () => sessionOf(arrival),
    sessions,
    base: (request.origin ?? 'http://localhost') + mountPath,
    mountPath,
    bytes,
    json: async ({ limit, anyType } = {}) => {
      const { type, charset } = contentTypeOf(request.headers['content-type']);
      // express.json(): only a JSON media type is parsed, and only when the request has a body at all.
      if (!anyType && type !== 'application/json') return undefined;
      if (request.body === undefined) return undefined;
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
        throw bodyParserError(`unsupported charset "${charset.toUpperCase()}"`, 'charset.unsupported', 415);
      const body = await bytes(limit);
      const text = body ? new TextDecoder().decode(body) : '';
      if (text.length === 0) return {};
      // body-parser's strict mode: a JSON text that is an object or an array, nothing else.
      const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
      if (first !== '{' && first !== '[')
        throw bodyParserError(
          `Unexpected token ${JSON.stringify(first ?? '')} at the start of the body: send an object or an array`,
          'entity.parse.failed',
          400,
        );
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw bodyParserError((error as Error).message, 'entity.parse.failed', 400);
      }
    },
  };
}
