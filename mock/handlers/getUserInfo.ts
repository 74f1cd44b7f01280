import { REALM } from '../auth/authenticateBearer.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationHandler } from '../http/OperationHandler.ts';
import { storeAnswerCache } from '../present/storeAnswerCache.ts';
import type { TokenRecord } from '../../fixtures/records.ts';
import { buildUserInfo } from '../userinfo/buildUserInfo.ts';
import { grantedScopes } from '../userinfo/grantedScopes.ts';
import { parseIncludes } from '../userinfo/relatedParts.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * GET /v1/oauth/user/info: the authenticated user, filtered by the token's scopes and `includes` (see
 * mock/userinfo). The pipeline has already refused a missing, unknown, expired or revoked token (401).
 */
export const getUserInfo: OperationHandler = (ctx) => {
  const token = ctx.token;
  if (!token || token.kind === 'app') {
    // RFC 6750 §3.1: a valid token that cannot do this is insufficient_scope, 403.
    throw new HttpProblem('insufficient_scope', 'User-info is about a user: an app token (client_credentials) has no user; use the authorization-code flow.', {
      headers: { 'WWW-Authenticate': `Bearer realm="${REALM}", error="insufficient_scope", error_description="user-info needs a user token"` },
    });
  }
  const user = ctx.store.user(token.subject);
  if (!user) {
    throw new HttpProblem('invalid_token', 'The token names a user that no longer exists.', {
      headers: { 'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="the user no longer exists"` },
    });
  }
  // The answer depends on the token (its user and scopes), `includes` and the store: kept until the next write.
  const includes = ctx.params.query.includes;
  const body = keptUserInfo(ctx.contract, ctx.store, token, typeof includes === 'string' ? includes : '', () =>
    buildUserInfo(ctx.contract, ctx.store, { user, scopes: grantedScopes(ctx.contract, token), includes: parseIncludes(includes) }),
  );
  return { status: 200, body };
};

const keptUserInfo = storeAnswerCache<Stored<TokenRecord>>('#/components/schemas/UserInfo');
