import { issueAccessToken, issueRefreshToken, tokenResponse } from '../issueTokens.ts';
import { OAuthError } from '../OAuthError.ts';
import { parseScope } from '../oauthScopes.ts';
import { revokeGrant } from '../revokeGrant.ts';
import type { Grant } from './Grant.ts';

/**
 * RFC 6749 §6 refresh, with rotation (Security BCP §4.14.2): each refresh token works once and is replaced;
 * one that comes back after its rotation was copied, so the whole grant is revoked.
 */
export const refreshTokenGrant: Grant = {
  type: 'refresh_token',
  handle({ oauth, client, params }) {
    const { store, clock } = oauth.deps;
    const now = clock.now().getTime();
    const value = params.refresh_token;
    if (value === undefined) throw new OAuthError('invalid_request', 'refresh_token is missing.');
    const refresh = oauth.state.refreshTokens.get(value);
    if (!refresh) throw new OAuthError('invalid_grant', 'The refresh token is unknown.');
    if (refresh.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'The refresh token was issued to another client (RFC 6749 §6).');
    if (refresh.rotatedAt !== undefined) {
      const revoked = revokeGrant(oauth, refresh.fromCode);
      throw new OAuthError('invalid_grant', `The refresh token was already exchanged; as it came back, the grant's ${revoked} live token(s) are revoked.`);
    }
    if (refresh.revoked) throw new OAuthError('invalid_grant', 'The refresh token was revoked.');
    if (refresh.expiresAt <= now) throw new OAuthError('invalid_grant', `The refresh token expired at ${new Date(refresh.expiresAt).toISOString()}.`);
    if (!client.app.manifest.oauth?.enabled) throw new OAuthError('unauthorized_client', `${client.clientId} no longer uses OAuth.`);

    // §6: the scope may be narrowed for this access token; "MUST NOT include any scope not originally granted".
    const asked = params.scope === undefined ? [] : parseScope(params.scope);
    const widened = asked.filter((s) => !refresh.scopes.includes(s));
    if (widened.length > 0) throw new OAuthError('invalid_scope', `Not granted originally (${refresh.scopes.join(' ')}): ${widened.join(' ')}.`);
    const scopes = asked.length > 0 ? refresh.scopes.filter((s) => asked.includes(s)) : refresh.scopes;

    const user = store.user(refresh.userId);
    if (!user) throw new OAuthError('invalid_grant', 'The user of this grant no longer exists.');
    refresh.rotatedAt = now;
    const access = issueAccessToken(oauth, {
      kind: 'user',
      subject: user._id,
      communities: [refresh.community],
      clientId: client.clientId,
      scopes,
      fromCode: refresh.fromCode,
      label: `${user.name} via ${client.clientId}`,
    });
    // §6: a new refresh token keeps the scope of the one it replaces, whatever this access token was narrowed to.
    const next = issueRefreshToken(oauth, {
      clientId: refresh.clientId,
      userId: refresh.userId,
      community: refresh.community,
      scopes: refresh.scopes,
      fromCode: refresh.fromCode,
    });
    return tokenResponse(access, next);
  },
};
