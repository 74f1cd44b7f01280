import express, { type Router } from 'express';
import type { AppDeps } from '../http/OperationHandler.ts';
import { authorizationServerMetadata } from './authorizationServerMetadata.ts';
import { handleAuthorize } from './handleAuthorize.ts';
import { handleConsent } from './handleConsent.ts';
import { handleToken } from './handleToken.ts';
import type { OAuthContext } from './OAuthContext.ts';
import { oauthScopes } from './oauthScopes.ts';
import { OAuthState } from './OAuthState.ts';
import { requestOrigin } from './requestOrigin.ts';

/** The operationIds of the spec's oauth tag that this router serves. */
export const OAUTH_OPERATION_IDS = ['getAuthorizationServerMetadata', 'authorize', 'token'] as const;

/**
 * The mock's OAuth 2.0 authorization server: RFC 8414 metadata, the authorization endpoint with its
 * login-and-consent page (RFC 6749 §4.1, PKCE RFC 7636), and the token endpoint with one module per grant
 * (mock/oauth/grants). Mounted before the app's body parser: it reads its own form bodies.
 */
export function createOAuthRouter(deps: AppDeps, options: { log: (line: string) => void }): Router {
  const oauth: OAuthContext = { deps, state: new OAuthState(), rng: deps.clock.frozen ? deps.rng.fork('oauth') : deps.rng.fork(`oauth:${deps.clock.iso()}`), scopes: oauthScopes(deps.contract), log: options.log };
  const router = express.Router();

  router.get('/.well-known/oauth-authorization-server', (req, res) => {
    res.json(authorizationServerMetadata(requestOrigin(req), oauth.scopes.keys()));
  });
  router.get('/oauth/authorize', handleAuthorize(oauth));
  router.post('/oauth/authorize', handleConsent(oauth));
  router.post('/oauth/token', handleToken(oauth));
  return router;
}
