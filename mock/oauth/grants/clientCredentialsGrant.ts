import { issueAccessToken, tokenResponse } from '../issueTokens.ts';
import { OAuthError } from '../OAuthError.ts';
import { parseScope } from '../oauthScopes.ts';
import type { Grant } from './Grant.ts';

/**
 * RFC 6749 §4.4: an app acting for itself on operations 2 to 8. The token's communities are those where the
 * app is installed and active now (the pipeline re-checks the installation on every request), optionally
 * narrowed to one with `community`; its scopes are the app's API roles (manifest api.roles[].value).
 * No refresh token (§4.4.3: "A refresh token SHOULD NOT be included").
 */
export const clientCredentialsGrant: Grant = {
  type: 'client_credentials',
  handle({ oauth, client, params }) {
    // §4.4: "The client credentials grant type MUST only be used by confidential clients."
    if (!client.confidential)
      throw new OAuthError('unauthorized_client', `${client.clientId} is a public client; client_credentials needs a client secret (RFC 6749 §4.4).`);
    const manifest = client.app.manifest;
    if (!manifest.api?.enabled) throw new OAuthError('unauthorized_client', `${client.clientId} does not use the API (its manifest has api.enabled false).`);

    const installed = oauth.deps.store
      .installationsOfApp(client.clientId)
      .filter((i) => i.active)
      .map((i) => i.community)
      .sort();
    const wanted = params.community;
    if (wanted !== undefined && !installed.includes(wanted))
      throw new OAuthError('invalid_request', `${client.clientId} is not installed and active in community "${wanted}".`);
    const communities = wanted !== undefined ? [wanted] : installed;
    if (communities.length === 0) throw new OAuthError('unauthorized_client', `${client.clientId} is installed and active in no community.`);

    const roles = (manifest.api.roles ?? []).map((r) => r.value).filter((v): v is string => typeof v === 'string');
    const asked = params.scope === undefined ? [] : parseScope(params.scope);
    const refused = asked.filter((s) => !roles.includes(s));
    if (refused.length > 0)
      throw new OAuthError('invalid_scope', `Not among the API roles of ${client.clientId} (${roles.join(' ') || 'none'}): ${refused.join(' ')}.`);

    const access = issueAccessToken(oauth, {
      kind: 'app',
      subject: client.clientId,
      communities,
      clientId: client.clientId,
      scopes: asked.length > 0 ? roles.filter((r) => asked.includes(r)) : roles,
      label: `app ${client.clientId} in ${communities.join(', ')}`,
    });
    return tokenResponse(access);
  },
};
