import { BAD_PERCENT_ENCODINGS } from './badPercentEncodings.ts';
import { clientAuthenticated, type ClientAuthInput } from '../checks/clientAuthenticated.ts';
import { codeBoundClient } from '../checks/codeBoundClient.ts';
import { codeBoundRedirectUri } from '../checks/codeBoundRedirectUri.ts';
import { codeReuseRevokes } from '../checks/codeReuseRevokes.ts';
import { oauthFlow } from '../checks/oauthFlow.ts';
import { pkceVerified } from '../checks/pkceVerified.ts';
import { redirectUriExact, type RedirectUriInput } from '../checks/redirectUriExact.ts';
import { refreshBoundClient } from '../checks/refreshBoundClient.ts';
import { stateExact } from '../checks/stateExact.ts';
import { tokenErrorShape } from '../checks/tokenErrorShape.ts';
import { tokenNoStore } from '../checks/tokenNoStore.ts';
import { isRecord } from '../checks/values.ts';
import type { Exchange } from '../client/Exchange.ts';
import type { OAuthClientConfig } from '../config/ConformConfig.ts';
import type { StepContext } from '../step/StepContext.ts';
import { codeForm, otherClientCredentials, requestAuthorization, requestToken, type AuthorizationAttempt, type ClientCredentials } from './oauthRequests.ts';
import { pkce } from './pkce.ts';
import type { Scenario } from './Scenario.ts';

const METADATA_PATH = '/.well-known/oauth-authorization-server';
const NO_CODE = 'the authorization request yielded no code (the login step and oauth-flow say why)';
const NO_OTHER_CLIENT = 'no second client in the config (oauth.otherClient): binding to a client is only observable with another client of the same server';

/** The registered URI with a longer path (`/callback` → `/callback-conform`): another URI, same origin and port. */
function withLongerPath(registered: string): string | undefined {
  try {
    const url = new URL(registered);
    url.pathname = `${url.pathname}${url.pathname.endsWith('/') ? '' : '-'}conform`;
    return url.toString();
  } catch {
    return undefined;
  }
}

/** The configured client's registered redirect URI with one thing changed, each a URI RFC 9700 §2.1 matching refuses. */
function unregisteredRedirects(s: StepContext, registered: string): Array<Pick<RedirectUriInput, 'sent' | 'kind'>> {
  const longer = withLongerPath(registered);
  if (longer === undefined) return [];
  const query = new URL(registered);
  query.searchParams.append('conform', s.rng.hex(8));
  // Only the port of a loopback URI may legitimately vary (RFC 8252 §7.3): none of these changes it.
  return [
    { kind: 'foreign', sent: `https://conform-${s.rng.hex(8)}.invalid/callback` },
    { kind: 'altered', sent: longer },
    { kind: 'altered', sent: query.toString() },
  ];
}

/** A state that needs percent-encoding and reaches beyond Latin-1 (RFC 6749 §4.1.2: returned exactly). */
const stateFor = (s: StepContext): string => `conform-${s.rng.hex(8)} ç/é?&=+#%;中文😀~`;

/** Keeps tokens a token answer carried out of reports, and judges its caching (RFC 6749 §5.1). */
function tokenAnswer(s: StepContext, exchange: Exchange): { access?: string; refresh?: string } {
  const body = exchange.response?.body;
  if (exchange.response?.status !== 200 || !isRecord(body)) return {};
  s.check(tokenNoStore, { exchange });
  const access = typeof body.access_token === 'string' ? body.access_token : undefined;
  const refresh = typeof body.refresh_token === 'string' ? body.refresh_token : undefined;
  s.client.secrets.add(access, 'CONFORM_USER_TOKEN');
  s.client.secrets.add(refresh, 'CONFORM_REFRESH_TOKEN');
  return { ...(access ? { access } : {}), ...(refresh ? { refresh } : {}) };
}

/** A code to probe with, or the step skipped. */
async function freshCode(s: StepContext, oauth: OAuthClientConfig): Promise<AuthorizationAttempt & { code: string }> {
  const attempt = await requestAuthorization(s, oauth);
  if (!attempt.code) return s.skip(NO_CODE);
  return attempt as AuthorizationAttempt & { code: string };
}

/** Whether the server advertises PKCE S256 (RFC 8414 `code_challenge_methods_supported`). */
async function advertisesS256(s: StepContext, oauth: OAuthClientConfig): Promise<boolean> {
  const path = /^https?:\/\//i.test(oauth.authorizationUrl) ? new URL(METADATA_PATH, oauth.authorizationUrl).toString() : METADATA_PATH;
  const exchange = await s.sendRaw({ method: 'GET', path, operationId: 'getAuthorizationServerMetadata' });
  const body = exchange.response?.status === 200 ? exchange.response.body : undefined;
  return isRecord(body) && Array.isArray(body.code_challenge_methods_supported) && body.code_challenge_methods_supported.includes('S256');
}

/**
 * What a conformant authorization server must refuse (RFC 6749 §3.1.2, §3.2.1, §4.1.2, §4.1.3, §6, §10.12;
 * RFC 7636 §4.6; RFC 9700 §2.1), as the OpenID conformance suite probes its profiles: each probe sends one
 * thing wrong on an otherwise correct request of the configured client.
 */
export const oauthServerScenario: Scenario = {
  area: 'user-info',
  title: "OAuth: the authorization server's own rules",
  missing: (s) => (s.config.oauth ? undefined : "no oauth client in the config: the authorization server's rules are probed through one"),
  async run(step) {
    const oauthOf = (s: StepContext): OAuthClientConfig => s.config.oauth ?? s.skip('no oauth client in the config');

    await step({
      title: 'an unregistered or altered redirect_uri is refused, never redirected to',
      run: async (s) => {
        const oauth = oauthOf(s);
        const variants = unregisteredRedirects(s, oauth.redirectUri);
        if (variants.length === 0) return s.skip(`the configured redirectUri is not an absolute URI: ${oauth.redirectUri}`);
        for (const { sent, kind } of variants) {
          const attempt = await requestAuthorization(s, oauth, { redirect_uri: sent });
          s.check(redirectUriExact, { exchange: attempt.exchange, sent, kind, endpoint: attempt.endpoint });
        }
      },
    });

    await step({
      title: 'state comes back exactly as sent (percent-encoded, beyond Latin-1)',
      run: async (s) => {
        const oauth = oauthOf(s);
        const attempt = await requestAuthorization(s, oauth, { state: stateFor(s) });
        if (s.check(oauthFlow, { exchange: attempt.exchange, stage: 'authorize' }).length > 0) return;
        s.check(stateExact, { exchange: attempt.exchange, state: attempt.state, endpoint: attempt.endpoint });
      },
    });

    // RFC 3986 §2.1: a percent-encoding is "%" and two hex digits; RFC 3629 §3: the octets must be UTF-8. Either
    // kind broken is a bad input the endpoint must refuse or read literally; a decoder that throws on it
    // (decodeURIComponent, a strict UTF-8 decoder) answers 5xx. Each kind alone, so one refused first hides no other.
    await step({
      title: 'a malformed percent-encoding (no two hex digits, or no UTF-8), in the query and in the form, is never a 5xx',
      run: async (s) => {
        const oauth = oauthOf(s);
        const query = new URLSearchParams({ response_type: 'code', client_id: oauth.clientId, redirect_uri: oauth.redirectUri, scope: oauth.scopes.join(' ') });
        const separator = oauth.authorizationUrl.includes('?') ? '&' : '?';
        for (const { raw } of BAD_PERCENT_ENCODINGS) {
          await s.sendRaw({
            method: 'GET',
            path: `${oauth.authorizationUrl}${separator}${query.toString()}&state=${raw}`,
            redirect: 'manual',
            accept: false,
            operationId: 'authorize',
          });
          const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: oauth.clientId, redirect_uri: oauth.redirectUri });
          const exchange = await s.sendRaw({
            method: 'POST',
            path: oauth.tokenUrl,
            text: `${form.toString()}&code=${raw}&code_verifier=${raw}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            operationId: 'token',
          });
          s.check(tokenErrorShape, { exchange });
        }
      },
    });

    await step({
      title: 'a code is bound to the redirect_uri of its request',
      run: async (s) => {
        const oauth = oauthOf(s);
        const attempt = await freshCode(s, oauth);
        const exchange = await requestToken(s, oauth, {
          ...codeForm(oauth, attempt),
          redirect_uri: withLongerPath(oauth.redirectUri) ?? `${oauth.redirectUri}-conform`,
        });
        tokenAnswer(s, exchange);
        s.check(codeBoundRedirectUri, { exchange });
        s.check(tokenErrorShape, { exchange });
      },
    });

    await step({
      title: 'a code is bound to the client it was issued to',
      run: async (s) => {
        const oauth = oauthOf(s);
        const other = otherClientCredentials(oauth);
        if (!other) return s.skip(NO_OTHER_CLIENT);
        s.client.secrets.add(oauth.otherClient?.clientSecret, 'CONFORM_OTHER_CLIENT_SECRET');
        const attempt = await freshCode(s, oauth);
        const exchange = await requestToken(s, oauth, codeForm(oauth, attempt), other);
        tokenAnswer(s, exchange);
        s.check(codeBoundClient, { exchange });
        s.check(tokenErrorShape, { exchange });
      },
    });

    await step({
      title: 'a confidential client must authenticate (wrong or missing secret)',
      run: async (s) => {
        const oauth = oauthOf(s);
        if (!oauth.clientSecret) return s.skip('the configured client is public (no clientSecret): it has no secret to get wrong');
        // A wrong secret unrelated to the real one: no part of the real one shows in a report.
        const wrong = `conform-wrong-${s.rng.hex(16)}`;
        const probes: Array<[ClientAuthInput['credentials'], ClientCredentials]> = [
          oauth.authMethod === 'client_secret_post'
            ? ['wrong-post', { as: 'post', clientId: oauth.clientId, secret: wrong }]
            : ['wrong-basic', { as: 'basic', clientId: oauth.clientId, secret: wrong }],
          ['missing', { as: 'public', clientId: oauth.clientId }],
        ];
        for (const [credentials, given] of probes) {
          const attempt = await freshCode(s, oauth);
          const exchange = await requestToken(s, oauth, codeForm(oauth, attempt), given);
          tokenAnswer(s, exchange);
          s.check(clientAuthenticated, { exchange, credentials });
          s.check(tokenErrorShape, { exchange });
        }
      },
    });

    await step({
      title: 'PKCE: a wrong or missing code_verifier is refused',
      run: async (s) => {
        const oauth = oauthOf(s);
        const severity = (await advertisesS256(s, oauth)) ? 'MUST' : 'SHOULD';
        for (const verifier of ['wrong', 'missing'] as const) {
          const attempt = await freshCode(s, oauth);
          const form = { ...codeForm(oauth, attempt), code_verifier: verifier === 'wrong' ? pkce(s.rng).verifier : undefined };
          const exchange = await requestToken(s, oauth, form);
          tokenAnswer(s, exchange);
          s.check(pkceVerified, { exchange, verifier, severity });
          s.check(tokenErrorShape, { exchange });
        }
      },
    });

    await step({
      title: 'a refresh token is bound to the client it was issued to',
      run: async (s) => {
        const oauth = oauthOf(s);
        const other = otherClientCredentials(oauth);
        if (!other) return s.skip(NO_OTHER_CLIENT);
        const attempt = await freshCode(s, oauth);
        const { refresh } = tokenAnswer(s, await requestToken(s, oauth, codeForm(oauth, attempt)));
        if (!refresh) return s.skip('the token response carries no refresh token (RFC 6749 §4.1.4: OPTIONAL)');
        const exchange = await requestToken(s, oauth, { grant_type: 'refresh_token', refresh_token: refresh }, other);
        tokenAnswer(s, exchange);
        s.check(refreshBoundClient, { exchange });
        s.check(tokenErrorShape, { exchange });
      },
    });

    // Last: the server may revoke what a replayed code issued (RFC 6749 §4.1.2), on a login of its own.
    await step({
      title: 'an authorization code is exchanged once only',
      run: async (s) => {
        const oauth = oauthOf(s);
        const attempt = await freshCode(s, oauth);
        const form = codeForm(oauth, attempt);
        const first = await requestToken(s, oauth, form);
        if (s.check(oauthFlow, { exchange: first, stage: 'token' }).length > 0) return;
        const { access, refresh } = tokenAnswer(s, first);
        const again = await requestToken(s, oauth, form);
        tokenAnswer(s, again);
        const accepted = s.check(oauthFlow, { exchange: again, stage: 'reuse' }).length > 0;
        s.check(tokenErrorShape, { exchange: again });
        if (accepted) return;
        if (access) {
          const exchange = await s.send({ operationId: 'getUserInfo', auth: { authorization: `Bearer ${access}` }, expect: { probe: true } });
          s.check(codeReuseRevokes, { exchange, token: 'access token' });
        }
        if (refresh) {
          const exchange = await requestToken(s, oauth, { grant_type: 'refresh_token', refresh_token: refresh });
          tokenAnswer(s, exchange);
          s.check(codeReuseRevokes, { exchange, token: 'refresh token' });
        }
      },
    });
  },
};
