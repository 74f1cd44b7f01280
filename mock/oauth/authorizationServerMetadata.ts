import { grantsByType } from './grants/grantsByType.ts';

/** The token endpoint's client authentication methods (RFC 6749 §2.3; names from the IANA registry, RFC 7591 §2). */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

/**
 * RFC 8414 §2 metadata. The issuer is the origin the client used (RFC 8414 §3.3: it must equal the URL the
 * metadata was fetched under), so the document is right on localhost, in a container or behind a tunnel.
 */
export function authorizationServerMetadata(origin: string, scopes: Iterable<string>): Record<string, unknown> {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/oauth/token`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...grantsByType.keys()],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    scopes_supported: [...scopes],
    // RFC 9207 §3: authorization responses carry `iss`.
    authorization_response_iss_parameter_supported: true,
  };
}
