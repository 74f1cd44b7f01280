import { authorizationResponseUrl } from './authorizationResponseUrl.ts';
import { consentUserChoices } from './consentUserChoices.ts';
import type { FormBody } from './formBody.ts';
import { alteredFields } from './hiddenFields.ts';
import { issueAuthorizationCode } from './issueAuthorizationCode.ts';
import { type OAuthAnswer, redirectAnswer } from './OAuthAnswer.ts';
import type { OAuthContext } from './OAuthContext.ts';
import { readFormParams } from './readFormParams.ts';
import { renderConsentPage } from './renderConsentPage.ts';
import { renderErrorPage } from './renderPage.ts';

/**
 * POST /oauth/authorize: the consent form comes back. The pending-request id finds the server's own copy of
 * the request (the hidden fields are only checked against it), so nothing the browser sends can change the
 * client, redirect URI, scopes or PKCE challenge. Approve issues a code; deny sends access_denied
 * (RFC 6749 §4.1.2.1). 303, so the browser follows with GET (RFC 9110 §15.4.4). `iss` as in handleAuthorize.
 */
export function handleConsent(oauth: OAuthContext, body: FormBody, iss: string): OAuthAnswer {
  if (!body.ok) return renderErrorPage(body.reason);
  const { params, repeated } = readFormParams(body.search);
  const now = oauth.deps.clock.now().getTime();
  const id = params.request_id;
  const pending = id === undefined ? undefined : oauth.state.pending.get(id);
  if (!pending || pending.expiresAt <= now) {
    if (pending) oauth.state.pending.delete(pending.id);
    return renderErrorPage('This sign-in form expired or was already used. Go back to the app and start again.');
  }
  const altered = [...new Set([...repeated, ...alteredFields(pending.request, params)])];
  if (altered.length > 0) {
    oauth.state.pending.delete(pending.id);
    return renderErrorPage(`The sign-in form was altered (${altered.join(', ')}); it has been cancelled. Go back to the app and start again.`);
  }
  const { request } = pending;
  const decision = params.decision;
  if (decision === 'deny') {
    oauth.state.pending.delete(pending.id);
    return redirectAnswer(
      303,
      authorizationResponseUrl(request.redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state: request.state, iss }),
    );
  }
  const app = oauth.deps.store.app(request.clientId);
  if (!app?.manifest.oauth?.enabled) {
    oauth.state.pending.delete(pending.id);
    return renderErrorPage(`App "${request.clientId}" no longer uses OAuth.`);
  }
  const userId = params.other_user_id?.trim() || params.user_id;
  const user = userId === undefined ? undefined : oauth.deps.store.user(userId);
  const problem =
    decision !== 'approve' ? 'Choose Allow or Deny.' : !user?.active ? `No active user has the id "${userId ?? ''}"; pick one from the list.` : undefined;
  if (problem !== undefined || !user) {
    // The same pending request is shown again, with the reason: the user fixes the choice and retries.
    return renderConsentPage({ app, pending, choices: consentUserChoices(oauth.deps.store), scopeWords: oauth.scopes, error: problem ?? 'Pick a user.' }, 400);
  }
  oauth.state.pending.delete(pending.id);
  const code = issueAuthorizationCode(oauth, request, user);
  return redirectAnswer(303, authorizationResponseUrl(request.redirectUri, { code, state: request.state, iss }));
}
