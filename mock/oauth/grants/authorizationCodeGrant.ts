import { issueAccessToken, issueRefreshToken, tokenResponse } from '../issueTokens.ts';
import { OAuthError } from '../OAuthError.ts';
import { isCodeVerifier, verifierMatches } from '../pkce.ts';
import { revokeGrant } from '../revokeGrant.ts';
import type { Grant } from './Grant.ts';

/** RFC 6749 §4.1.3 access token request with an authorization code, checked as §4.1.3 and RFC 7636 §4.6 say. */
export const authorizationCodeGrant: Grant = {
  type: 'authorization_code',
  handle({ oauth, client, params }) {
    const { store, clock } = oauth.deps;
    const now = clock.now().getTime();
    const value = params.code;
    if (value === undefined) throw new OAuthError('invalid_request', 'code is missing.');
    const code = oauth.state.codes.get(value);
    if (!code) throw new OAuthError('invalid_grant', 'The authorization code is unknown.');

    if (code.usedAt !== undefined) {
      // §4.1.2: a code used twice was leaked; deny, and revoke what the first use issued.
      const revoked = revokeGrant(oauth, value);
      throw new OAuthError(
        'invalid_grant',
        `The authorization code was already used; the ${revoked} token(s) issued from it are now revoked (RFC 6749 §4.1.2).`,
      );
    }
    if (code.expiresAt <= now) throw new OAuthError('invalid_grant', `The authorization code expired at ${new Date(code.expiresAt).toISOString()}.`);
    // §4.1.3: "ensure that the authorization code was issued to the authenticated confidential client".
    if (code.request.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
    if (!client.app.manifest.oauth?.enabled) throw new OAuthError('unauthorized_client', `${client.clientId} no longer uses OAuth.`);
    // §4.1.3: redirect_uri is required if the authorization request had it, and must be identical.
    if (params.redirect_uri !== undefined || code.request.redirectUriGiven) {
      if (params.redirect_uri !== code.request.redirectUri) {
        throw new OAuthError(
          'invalid_grant',
          params.redirect_uri === undefined
            ? 'redirect_uri is required: the authorization request carried one (RFC 6749 §4.1.3).'
            : 'redirect_uri differs from the one of the authorization request (RFC 6749 §4.1.3).',
        );
      }
    }
    checkPkce(code.request.codeChallenge, params.code_verifier);

    const user = store.user(code.userId);
    if (!user) throw new OAuthError('invalid_grant', 'The user of this authorization no longer exists.');
    code.usedAt = now;
    const grant = { clientId: client.clientId, userId: user._id, community: code.community, scopes: code.request.scopes, fromCode: value };
    const access = issueAccessToken(oauth, {
      kind: 'user',
      subject: user._id,
      communities: [code.community],
      clientId: client.clientId,
      scopes: code.request.scopes,
      fromCode: value,
      label: `${user.name} via ${client.clientId}`,
    });
    return tokenResponse(access, issueRefreshToken(oauth, grant));
  },
};

/**
 * RFC 7636 §4.6: the verifier must hash to the challenge. A verifier for a code issued without a challenge is
 * refused too: otherwise an attacker could inject a code obtained without PKCE (OAuth 2.1 §7.5.1).
 */
function checkPkce(challenge: string | undefined, verifier: string | undefined): void {
  if (challenge === undefined) {
    if (verifier !== undefined) throw new OAuthError('invalid_grant', 'code_verifier was sent but the authorization request had no code_challenge.');
    return;
  }
  if (verifier === undefined)
    throw new OAuthError('invalid_grant', 'code_verifier is required: the authorization request carried a code_challenge (RFC 7636 §4.5).');
  if (!isCodeVerifier(verifier)) throw new OAuthError('invalid_grant', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1).');
  if (!verifierMatches(verifier, challenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge (RFC 7636 §4.6).');
}
