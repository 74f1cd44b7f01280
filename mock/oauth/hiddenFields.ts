import type { AuthorizationRequest } from '../sessions/OAuthState.ts';

/**
 * The authorization request as hidden form fields, so the consent form says what it completes. The server
 * trusts only its own copy (found by the pending-request id); a submitted field that differs from it means
 * the form was altered, and the submission is refused.
 */
export function hiddenFields(request: AuthorizationRequest): Record<string, string> {
  const fields: Record<string, string> = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scopes.join(' '),
  };
  if (request.state !== undefined) fields.state = request.state;
  if (request.codeChallenge !== undefined) {
    fields.code_challenge = request.codeChallenge;
    fields.code_challenge_method = 'S256';
  }
  return fields;
}

/** The hidden fields whose submitted value differs from the server's copy (missing, changed or added). */
export function alteredFields(request: AuthorizationRequest, submitted: Readonly<Record<string, string>>): string[] {
  const expected = hiddenFields(request);
  const names = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'];
  return names.filter((name) => expected[name] !== submitted[name]);
}
