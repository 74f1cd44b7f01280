import express, { type Request, type Router } from 'express';
import type { Contract } from '../../spec/contract.ts';
import { requestSession } from '../sessions/frontDoor.ts';
import { authorizationServerMetadata } from './authorizationServerMetadata.ts';
import { handleAuthorize } from './handleAuthorize.ts';
import { handleConsent } from './handleConsent.ts';
import { handleToken } from './handleToken.ts';
import { notAnOpenIdProvider } from './notAnOpenIdProvider.ts';
import { jsonAnswer } from './OAuthAnswer.ts';
import type { OAuthContext } from './OAuthContext.ts';
import { oauthScopes } from './oauthScopes.ts';
import { preferredAnswer } from './preferredAnswer.ts';
import { readFormBody } from './readFormBody.ts';
import { requestOrigin } from './requestOrigin.ts';
import { sendOAuthAnswer } from './sendOAuthAnswer.ts';

// Its own module, so the API pipeline's start-up check reads it without loading this router (and Express).
export { OAUTH_OPERATION_IDS } from './oauthOperationIds.ts';

/**
 * The mock's OAuth 2.0 authorization server on Express: RFC 8414 metadata, the authorization endpoint with its
 * login-and-consent page (RFC 6749 §4.1, PKCE RFC 7636), and the token endpoint with one module per grant
 * (mock/oauth/grants). Mounted before the app's body parser: it reads its own form bodies. The answers are
 * the transport-neutral handlers' (OAuthAnswer), which createMock's Fetch handler serves too (createOAuthRoutes).
 */
export function createOAuthRouter(contract: Contract, options: { log: (line: string) => void }): Router {
  const scopes = oauthScopes(contract);
  // The authorization server of the request's session: its codes, refresh tokens and pending consents,
  // its clock and its store (where the access tokens live).
  const oauth = (req: Request): OAuthContext => {
    const session = requestSession(req);
    return { deps: session, state: session.oauth, rng: session.oauth.rng, scopes, log: options.log };
  };
  const prefer = (operationId: string) => (req: Request, res: express.Response, next: express.NextFunction) => {
    const answer = preferredAnswer(contract, operationId, req.headers.prefer, req.originalUrl);
    if (answer) sendOAuthAnswer(res, answer);
    else next();
  };
  const router = express.Router();

  router.get('/.well-known/oauth-authorization-server', prefer('getAuthorizationServerMetadata'), (req, res) => {
    // Its URLs follow the Host asked and the mock's options: a cached copy could name another mock.
    sendOAuthAnswer(res, jsonAnswer(200, authorizationServerMetadata(requestOrigin(req), scopes.keys()), { 'Cache-Control': 'no-store' }));
  });
  router.get('/.well-known/openid-configuration', (req, res) => sendOAuthAnswer(res, notAnOpenIdProvider(requestOrigin(req))));
  router.get('/oauth/authorize', (req, res) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    sendOAuthAnswer(res, handleAuthorize(oauth(req), query, requestOrigin(req)));
  });
  router.post('/oauth/authorize', async (req, res) => sendOAuthAnswer(res, handleConsent(oauth(req), await readFormBody(req, res), requestOrigin(req))));
  router.post('/oauth/token', prefer('token'), async (req, res) => {
    // The token endpoint's errors are JSON (RFC 6749 §5.2), never the app's problem pages.
    const context = oauth(req);
    sendOAuthAnswer(res, handleToken(context, await readFormBody(req, res), req.headers.authorization));
  });
  return router;
}
