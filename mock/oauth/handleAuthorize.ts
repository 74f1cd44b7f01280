import { authorizationResponseUrl } from './authorizationResponseUrl.ts';
import { consentUserChoices } from './consentUserChoices.ts';
import { issueAuthorizationCode } from './issueAuthorizationCode.ts';
import { newSecretValue } from './newSecretValue.ts';
import { type OAuthAnswer, redirectAnswer } from './OAuthAnswer.ts';
import { LIFETIMES, type OAuthContext } from './OAuthContext.ts';
import { renderConsentPage } from './renderConsentPage.ts';
import { renderErrorPage } from './renderPage.ts';
import { validateAuthorizationRequest } from './validateAuthorizationRequest.ts';

/**
 * GET /oauth/authorize (RFC 6749 §4.1.1): a valid request shows the login-and-consent page; with prompt=none
 * and a login_hint naming an active user it is approved at once, for scripts and automated tests. `query` is
 * the request's query string as sent (without `?`); `iss` the origin the client reached the mock at.
 */
export function handleAuthorize(oauth: OAuthContext, query: string, iss: string): OAuthAnswer {
  // RFC 9207: every authorization response names its issuer, so a client talking to several servers can tell them apart.
  const check = validateAuthorizationRequest(new URLSearchParams(query), oauth.deps.store, iss);
  if (check.outcome === 'page-error') return renderErrorPage(check.message);
  if (check.outcome === 'redirect-error') {
    return redirectAnswer(
      302,
      authorizationResponseUrl(check.redirectUri, { error: check.error.error, error_description: check.error.description, state: check.state, iss }),
    );
  }
  const { request, app } = check;
  const now = oauth.deps.clock.now().getTime();

  if (check.promptNone) {
    // OpenID Connect Core §3.1.2.6: with prompt=none the server must not show a page; no usable hint means
    // nobody is logged in, which is login_required.
    const user = check.loginHint === undefined ? undefined : oauth.deps.store.user(check.loginHint);
    if (!user?.active) {
      const why =
        check.loginHint === undefined
          ? 'prompt=none needs login_hint=<user id> to log a user in without the page.'
          : `login_hint "${check.loginHint}" is not an active user.`;
      return redirectAnswer(302, authorizationResponseUrl(request.redirectUri, { error: 'login_required', error_description: why, state: request.state, iss }));
    }
    const code = issueAuthorizationCode(oauth, request, user);
    return redirectAnswer(302, authorizationResponseUrl(request.redirectUri, { code, state: request.state, iss }));
  }

  const pending = { id: newSecretValue(oauth, 'mock_req_'), request, expiresAt: now + LIFETIMES.consentMs };
  oauth.state.addPending(pending, now);
  return renderConsentPage({
    app,
    pending,
    choices: consentUserChoices(oauth.deps.store, { include: check.loginHint }),
    scopeWords: oauth.scopes,
    ...(check.loginHint !== undefined ? { selectedUserId: check.loginHint } : {}),
  });
}
