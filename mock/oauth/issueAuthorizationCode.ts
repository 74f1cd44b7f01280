import type { UserRecord } from '../../fixtures/records.ts';
import { newSecretValue } from './newSecretValue.ts';
import { LIFETIMES, type OAuthContext } from './OAuthContext.ts';
import type { AuthorizationRequest } from '../sessions/OAuthState.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * The code that ends a successful authorization (RFC 6749 §4.1.2): single-use and short-lived, bound to the
 * client, the redirect URI, the user, the user's community and the PKCE challenge.
 */
export function issueAuthorizationCode(oauth: OAuthContext, request: AuthorizationRequest, user: Stored<UserRecord>): string {
  const now = oauth.deps.clock.now().getTime();
  const code = newSecretValue(oauth, 'mock_ac_');
  oauth.state.addCode({ code, request, userId: user._id, community: user.community, expiresAt: now + LIFETIMES.codeMs }, now);
  return code;
}
