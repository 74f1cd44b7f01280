import type { AuthenticatedClient } from '../authenticateClient.ts';
import type { TokenResponseBody } from '../issueTokens.ts';
import type { OAuthContext } from '../OAuthContext.ts';
import type { FormParams } from '../readFormParams.ts';

export interface GrantRequest {
  oauth: OAuthContext;
  client: AuthenticatedClient;
  params: FormParams;
}

/**
 * One grant type of the token endpoint (RFC 6749 §4), as node-oidc-provider's lib/actions/grants/ has them:
 * each module exports this shape, the endpoint picks one by grant_type. A grant either answers the §5.1
 * body or throws an OAuthError.
 */
export interface Grant {
  readonly type: string;
  handle(request: GrantRequest): TokenResponseBody;
}
