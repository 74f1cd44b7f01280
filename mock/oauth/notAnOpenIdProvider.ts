import { jsonAnswer, type OAuthAnswer } from './OAuthAnswer.ts';

/**
 * `GET /.well-known/openid-configuration`: this mock is an OAuth 2.0 authorization server (RFC 8414 metadata),
 * not an OpenID Provider: it issues no ID token and has no JWKS, so it must not claim OpenID Connect
 * Discovery. Clients that try OIDC discovery first (openid-client's default) get a 404 saying where the
 * metadata is and how to ask for it, instead of a bare 404. `openid` is the platform's own scope (the user's
 * account id in user-info), granted as such, without an ID token.
 */
export function notAnOpenIdProvider(origin: string): OAuthAnswer {
  return jsonAnswer(
    404,
    {
      error: 'not_found',
      error_description:
        'This mock is an OAuth 2.0 authorization server, not an OpenID Provider: it issues no id_token. ' +
        `Its metadata (RFC 8414) is at ${origin}/.well-known/oauth-authorization-server; with openid-client, ` +
        "call discovery(url, clientId, secret, undefined, { algorithm: 'oauth2' }).",
      authorization_server_metadata: `${origin}/.well-known/oauth-authorization-server`,
    },
    { 'Cache-Control': 'no-store' },
  );
}
