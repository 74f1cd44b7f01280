import { firstValue } from '../exchange/ApiExchange.ts';
import type { Contract } from '../../spec/contract.ts';
import type { MockRoute, RouteContext } from '../exchange/MockRoute.ts';
import { authorizationServerMetadata } from './authorizationServerMetadata.ts';
import { FORM_LIMIT_BYTES, type FormBody, formBodyOf, notAForm } from './formBody.ts';
import { handleAuthorize } from './handleAuthorize.ts';
import { handleConsent } from './handleConsent.ts';
import { handleToken } from './handleToken.ts';
import { notAnOpenIdProvider } from './notAnOpenIdProvider.ts';
import { jsonAnswer } from './OAuthAnswer.ts';
import type { OAuthContext } from './OAuthContext.ts';
import { oauthScopes } from './oauthScopes.ts';
import { preferredAnswer } from './preferredAnswer.ts';

// Its own module, so the API lifecycle's start-up check reads it without loading these routes.
export { OAUTH_OPERATION_IDS } from './oauthOperationIds.ts';

/**
 * The mock's OAuth 2.0 authorization server as routes of the one lifecycle: RFC 8414 metadata, the
 * authorization endpoint with its login-and-consent page (RFC 6749 §4.1, PKCE RFC 7636), and the token
 * endpoint with one module per grant (mock/oauth/grants). The same routes answer every mount (node:http,
 * Express, Vite, Fetch, MSW), so a login in a browser page runs the very code a login on the server runs.
 * Their issuer and every URL they name is where the client reached the mock (`context.base`).
 */
export function oauthRoutes(contract: Contract, options: { log?: (line: string) => void } = {}): MockRoute[] {
  const scopes = oauthScopes(contract);
  const log = options.log ?? (() => undefined);
  // The authorization server of the request's session: its codes, refresh tokens and pending consents, its
  // clock and its store (where the access tokens live). Resolved only by the routes that use one.
  const oauth = (context: RouteContext): OAuthContext => {
    const session = context.session();
    return { deps: session, state: session.oauth, rng: session.oauth.rng, scopes, log };
  };
  return [
    {
      method: 'GET',
      path: '/.well-known/oauth-authorization-server',
      // Its URLs follow the Host asked and the mock's options: a cached copy could name another mock.
      handle: ({ request, base }) =>
        preferredAnswer(contract, 'getAuthorizationServerMetadata', request.headers.prefer, request.url) ??
        jsonAnswer(200, authorizationServerMetadata(base, scopes.keys()), { 'Cache-Control': 'no-store' }),
    },
    { method: 'GET', path: '/.well-known/openid-configuration', handle: ({ base }) => notAnOpenIdProvider(base) },
    { method: 'GET', path: '/oauth/authorize', handle: (context) => handleAuthorize(oauth(context), context.request.search, context.base) },
    { method: 'POST', path: '/oauth/authorize', handle: async (context) => handleConsent(oauth(context), await readForm(context), context.base) },
    {
      method: 'POST',
      path: '/oauth/token',
      // The token endpoint's errors are JSON (RFC 6749 §5.2), never the app's problem pages.
      handle: async (context) =>
        preferredAnswer(contract, 'token', context.request.headers.prefer, context.request.url) ??
        handleToken(oauth(context), await readForm(context), firstValue(context.request.headers.authorization)),
    },
  ];
}

/**
 * The form of a consent or token request (RFC 6749 §3.2): the media type is checked before anything is read;
 * a body too large or unreadable is a reason the endpoint answers in its own error format, never a thrown error.
 */
async function readForm(context: RouteContext): Promise<FormBody> {
  const contentType = firstValue(context.request.headers['content-type']);
  const refused = notAForm(contentType);
  if (refused) return refused;
  let bytes: Uint8Array | undefined;
  try {
    bytes = await context.bytes(FORM_LIMIT_BYTES);
  } catch (error) {
    const type = (error as { type?: string }).type;
    return { ok: false, reason: type === 'entity.too.large' ? `The body is larger than ${FORM_LIMIT_BYTES / 1024}kb.` : 'The body could not be read.' };
  }
  return formBodyOf(contentType, bytes);
}
