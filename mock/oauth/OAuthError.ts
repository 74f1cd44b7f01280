/** RFC 6749 §5.2 error codes the token endpoint answers, plus §4.1.2.1 codes of the authorization endpoint. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'login_required';

/**
 * An OAuth error: the token endpoint writes it as RFC 6749 §5.2 JSON, the authorization endpoint sends it
 * back to the client's redirect URI (§4.1.2.1). `status` is 400 unless the client authenticated with HTTP
 * Basic and failed (§5.2: then 401 with a WWW-Authenticate challenge).
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status: 400 | 401 = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}
