import type { TokenRecord } from '../../fixtures/records.ts';
import { newSecretValue } from './newSecretValue.ts';
import { LIFETIMES, type OAuthContext } from './OAuthContext.ts';
import type { RefreshToken } from '../sessions/OAuthState.ts';
import type { Stored } from '../store/Stored.ts';

/** RFC 6749 §5.1 successful response. */
export interface TokenResponseBody {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

export interface AccessTokenGrant {
  kind: 'user' | 'app';
  subject: string;
  communities: string[];
  clientId: string;
  scopes: string[];
  fromCode?: string;
  label: string;
}

/**
 * An access token as a Stored<TokenRecord> in the store, where the bearer check of every operation finds it; it
 * expires on the mock clock, so advancing the clock expires it.
 */
export function issueAccessToken(oauth: OAuthContext, grant: AccessTokenGrant): Stored<TokenRecord> {
  const now = oauth.deps.clock.now();
  const record: Stored<TokenRecord> = {
    token: newSecretValue(oauth, 'mock_at_'),
    kind: grant.kind,
    subject: grant.subject,
    communities: [...grant.communities],
    clientId: grant.clientId,
    scopes: [...grant.scopes],
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIFETIMES.accessTokenSeconds * 1000).toISOString(),
    label: grant.label,
    ...(grant.fromCode !== undefined ? { fromCode: grant.fromCode } : {}),
  };
  oauth.deps.store.putToken(record);
  return record;
}

/** A refresh token, kept by the authorization server only: it is never a bearer token (RFC 6749 §1.5). */
export function issueRefreshToken(oauth: OAuthContext, grant: Omit<RefreshToken, 'token' | 'expiresAt' | 'revoked'>): RefreshToken {
  const now = oauth.deps.clock.now().getTime();
  const entry: RefreshToken = {
    ...grant,
    scopes: [...grant.scopes],
    token: newSecretValue(oauth, 'mock_rt_'),
    expiresAt: now + LIFETIMES.refreshTokenMs,
    revoked: false,
  };
  oauth.state.addRefreshToken(entry, now);
  return entry;
}

export function tokenResponse(access: Stored<TokenRecord>, refresh?: RefreshToken): TokenResponseBody {
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: LIFETIMES.accessTokenSeconds,
    scope: access.scopes.join(' '),
    ...(refresh ? { refresh_token: refresh.token } : {}),
  };
}
