import express, { type Request, type Router } from 'express';
import type { Contract } from '../../spec/contract.ts';
import { requestSession } from '../sessions/frontDoor.ts';
import { authorizationServerMetadata } from './authorizationServerMetadata.ts';
import { handleAuthorize } from './handleAuthorize.ts';
import { handleConsent } from './handleConsent.ts';
import { handleToken } from './handleToken.ts';
import { notAnOpenIdProvider } from './notAnOpenIdProvider.ts';
import type { OAuthContext } from './OAuthContext.ts';
import { oauthScopes } from './oauthScopes.ts';
import { preferredAnswer } from './preferredAnswer.ts';
import { requestOrigin } from './requestOrigin.ts';

// Its own module, so the API pipeline's start-up check reads it without loading this router (and Express).
export { OAUTH_OPERATION_IDS } from './oauthOperationIds.ts';

/**
 * The mock's OAuth 2.0 authorization server: RFC 8414 metadata, the authorization endpoint with its
 * login-and-consent page (RFC 6749 §4.1, PKCE RFC 7636), and the token endpoint with one module per grant
 * (mock/oauth/grants). Mounted before the app's body parser: it reads its own form bodies.
 */
export function createOAuthRouter(contract: Contract, options: { log: (line: string) => void }): Router {
  const scopes = oauthScopes(contract);
  // The authorization server of the request's session: its codes, refresh tokens and pending consents,
  // its clock and its store (where the access tokens live).
  const oauth = (req: Request): OAuthContext => {
    const session = requestSession(req);
    return { deps: session, state: session.oauth, rng: session.oauth.rng, scopes, log: options.log };
  };
  const router = express.Router();

  router.get('/.well-known/oauth-authorization-server', preferredAnswer(contract, 'getAuthorizationServerMetadata'), (req, res) => {
    // Its URLs follow the Host asked and the mock's options: a cached copy could name another mock.
    res.setHeader('Cache-Control', 'no-store');
    res.json(authorizationServerMetadata(requestOrigin(req), scopes.keys()));
  });
  router.get('/.well-known/openid-configuration', (req, res) => notAnOpenIdProvider(requestOrigin(req), res));
  router.get('/oauth/authorize', (req, res) => handleAuthorize(oauth(req))(req, res));
  router.post('/oauth/authorize', (req, res) => handleConsent(oauth(req))(req, res));
  router.post('/oauth/token', preferredAnswer(contract, 'token'), (req, res) => handleToken(oauth(req))(req, res));
  return router;
}
