import type { OAuthContext } from './OAuthContext.ts';

/**
 * Revokes every access and refresh token that descends from one authorization code: RFC 6749 §4.1.2 asks it
 * when the code is used twice (someone else holds it), and the Security BCP §4.14.2 when a rotated refresh
 * token comes back (someone else holds that).
 */
export function revokeGrant(oauth: OAuthContext, fromCode: string): number {
  let revoked = 0;
  for (const token of oauth.deps.store.tokens()) {
    if (token.fromCode === fromCode && !token.revoked) {
      oauth.deps.store.putToken({ ...token, revoked: true });
      revoked++;
    }
  }
  for (const refresh of oauth.state.refreshTokens.values()) {
    if (refresh.fromCode === fromCode && !refresh.revoked) {
      refresh.revoked = true;
      revoked++;
    }
  }
  return revoked;
}
