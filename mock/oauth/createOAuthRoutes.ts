import type { Contract } from '../../spec/contract.ts';
import type { ApiAnswer, ApiRequest } from '../http/ApiExchange.ts';
import { appendCorsHeaders, type CorsOptions } from '../http/cors.ts';
import { journalExchange } from '../http/journalExchange.ts';
import { problemFromError } from '../problems/problemFromError.ts';
import { problemBody } from '../problems/writeProblem.ts';
import { type Arrival, type FrontDoor, sessionOf } from '../sessions/frontDoor.ts';
import { authorizationServerMetadata } from './authorizationServerMetadata.ts';
import { type FormBody, formBodyOf, notAForm } from './formBody.ts';
import { handleAuthorize } from './handleAuthorize.ts';
import { handleConsent } from './handleConsent.ts';
import { handleToken } from './handleToken.ts';
import { notAnOpenIdProvider } from './notAnOpenIdProvider.ts';
import { jsonAnswer, type OAuthAnswer } from './OAuthAnswer.ts';
import type { OAuthContext } from './OAuthContext.ts';
import { oauthScopes } from './oauthScopes.ts';
import { preferredAnswer } from './preferredAnswer.ts';

/**
 * Routes a mount with no Express behind it answers before the API lifecycle: the answer, or undefined when
 * the request is not theirs. `origin` is the one the client reached the mock at (the issuer, RFC 9207).
 */
export type OriginRoutes = (request: ApiRequest, origin: string) => Promise<ApiAnswer> | undefined;

interface Route {
  /** The session is resolved only by the routes that use one (as on the server, the metadata needs none). */
  (arrival: () => OAuthContext, request: ApiRequest, origin: string): OAuthAnswer | Promise<OAuthAnswer>;
}

/**
 * The authorization server of createOAuthRouter for a Fetch handler (createMock, MSW, a service worker): the
 * same handlers, the same pages, codes and tokens, on the same session state, so a page whose requests a
 * worker answers logs in as it would against the server. Each exchange goes to the journal as the server's
 * request log puts it there.
 */
export function createOAuthRoutes(contract: Contract, door: FrontDoor, options: { log?: (line: string) => void; cors?: CorsOptions } = {}): OriginRoutes {
  const scopes = oauthScopes(contract);
  const log = options.log ?? (() => undefined);
  const routes: Record<string, Route> = {
    'GET /.well-known/oauth-authorization-server': (_oauth, request, origin) =>
      preferredAnswer(contract, 'getAuthorizationServerMetadata', request.headers.prefer, request.url) ??
      jsonAnswer(200, authorizationServerMetadata(origin, scopes.keys()), { 'Cache-Control': 'no-store' }),
    'GET /.well-known/openid-configuration': (_oauth, _request, origin) => notAnOpenIdProvider(origin),
    'GET /oauth/authorize': (oauth, request, origin) => handleAuthorize(oauth(), request.search, origin),
    'POST /oauth/authorize': async (oauth, request, origin) => handleConsent(oauth(), await readForm(request), origin),
    'POST /oauth/token': async (oauth, request) =>
      preferredAnswer(contract, 'token', request.headers.prefer, request.url) ??
      handleToken(oauth(), await readForm(request), single(request.headers.authorization)),
  };
  return (request, origin) => {
    const route = routes[`${request.method} ${request.path}`];
    if (!route) return undefined;
    return answer(route, request, origin);
  };

  async function answer(route: Route, request: ApiRequest, origin: string): Promise<ApiAnswer> {
    const started = performance.now();
    const arrival: Arrival = door(request);
    const at = arrival.clock.now();
    const context = (): OAuthContext => {
      const session = sessionOf(arrival);
      return { deps: session, state: session.oauth, rng: session.oauth.rng, scopes, log };
    };
    let outcome: OAuthAnswer;
    try {
      outcome = await route(context, request, origin);
    } catch (error) {
      // A session the front door refused (bad name, too many sessions): its problem, as the server answers it.
      const problem = problemFromError(error);
      if (!problem) throw error;
      outcome = {
        status: problem.status,
        headers: { ...problem.extra.headers, 'Content-Type': 'application/problem+json; charset=utf-8' },
        body: JSON.stringify(problemBody(problem, request.url)),
      };
    }
    const head: string[] = [];
    appendCorsHeaders(head, request.url, single(request.headers.origin), options.cors);
    for (const [name, value] of Object.entries(outcome.headers)) head.push(name, value);
    const size = new TextEncoder().encode(outcome.body).byteLength;
    head.push('Content-Length', String(size));
    const api: ApiAnswer = { status: outcome.status, headers: head, body: outcome.body };
    const requestBody = typeof request.body === 'function' ? undefined : request.body;
    journalExchange(arrival, request, { answer: api, size }, { started, at, requestBody: readBodies.get(request) ?? requestBody }, options.log);
    return api;
  }
}

/** The bodies read by readForm, for the journal (a reader gives its bytes once). */
const readBodies = new WeakMap<ApiRequest, Uint8Array>();

/** The form of a consent or token request: the media type is checked before anything is read, as the server does. */
async function readForm(request: ApiRequest): Promise<FormBody> {
  const contentType = single(request.headers['content-type']);
  const refused = notAForm(contentType);
  if (refused) return refused;
  let bytes: Uint8Array | undefined;
  try {
    bytes = typeof request.body === 'function' ? await request.body() : request.body;
  } catch {
    return { ok: false, reason: 'The body could not be read.' };
  }
  if (bytes) readBodies.set(request, bytes);
  return formBodyOf(contentType, bytes);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
