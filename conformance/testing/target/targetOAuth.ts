import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP, LOGIN_USER, PUBLIC_CLIENT } from './targetData.ts';
import type { AnyFault } from './TargetOptions.ts';

/** What a code or a refresh token was issued for. */
interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scopes: string[];
  /** The code's tokens, revoked if the code comes back (RFC 6749 §4.1.2). */
  issued: string[];
  used?: boolean;
}

const CLIENTS = new Map<string, { secret?: string; redirectUris: string[] }>([
  [APP.id, { secret: APP.clientSecret, redirectUris: [APP.redirectUri] }],
  [PUBLIC_CLIENT.id, { redirectUris: [PUBLIC_CLIENT.redirectUri] }],
]);

export interface TargetOAuth {
  /** Answers /auth/* and the RFC 8414 metadata; false when the request is not one of them. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, body: string): boolean;
  /** The scopes of a live user access token, or undefined. */
  userScopes(token: string): string[] | undefined;
}

/**
 * The test target's authorization server (RFC 6749 §4.1 with PKCE, refresh tokens, client authentication),
 * written from the RFCs, with switchable faults that each break one rule the suite probes.
 */
export function targetOAuth(faults: ReadonlySet<AnyFault>): TargetOAuth {
  const codes = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, string[]>();
  const noStore: Record<string, string> = faults.has('token-cacheable') ? {} : { 'cache-control': 'no-store', pragma: 'no-cache' };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): true => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
    return true;
  };
  // RFC 6749 §5.2; the fault answers a plain-text line, as a framework's default error page would.
  const refuse = (res: ServerResponse, error: string, status = 400, headers: Record<string, string> = {}): true => {
    if (faults.has('token-errors-not-json')) {
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(`${error}\n`);
      return true;
    }
    return send(res, status, { error }, { ...headers, 'cache-control': 'no-store' });
  };
  const page = (res: ServerResponse, message: string): true => {
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Erro</title><p>${message}</p>`);
    return true;
  };

  const issue = (res: ServerResponse, grant: Grant): true => {
    const access = randomBytes(20).toString('hex');
    const refresh = randomBytes(20).toString('hex');
    accessTokens.set(access, grant.scopes);
    refreshTokens.set(refresh, grant);
    grant.issued.push(access, refresh);
    return send(res, 200, { access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: refresh, scope: grant.scopes.join(' ') }, noStore);
  };

  const authorize = (res: ServerResponse, query: URLSearchParams): true => {
    const client = CLIENTS.get(query.get('client_id') ?? '');
    if (!client) return page(res, 'cliente desconhecido');
    const redirectUri = query.get('redirect_uri') ?? client.redirectUris[0] ?? '';
    // RFC 6749 §3.1.2.3 simple string comparison; the fault takes any absolute URI.
    if (!client.redirectUris.includes(redirectUri) && !(faults.has('any-redirect-uri') && URL.canParse(redirectUri)))
      return page(res, 'redirect_uri não registrado');
    const redirect = new URL(redirectUri);
    const challenge = query.get('code_challenge') ?? '';
    if (query.get('response_type') !== 'code' || query.get('code_challenge_method') !== 'S256' || !challenge)
      redirect.searchParams.set('error', 'invalid_request');
    else if (query.get('prompt') !== 'none' || query.get('login_hint') !== LOGIN_USER) redirect.searchParams.set('error', 'login_required');
    else {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { clientId: query.get('client_id') as string, redirectUri, challenge, scopes: (query.get('scope') ?? 'openid').split(' '), issued: [] });
      redirect.searchParams.set('code', code);
    }
    const state = query.get('state');
    // The fault reads the state's UTF-8 bytes as Latin-1, as a server decoding its query in the wrong charset does.
    if (state !== null && !faults.has('state-not-echoed'))
      redirect.searchParams.set('state', faults.has('state-mangled') ? Buffer.from(state, 'utf8').toString('latin1') : state);
    res.writeHead(302, { location: redirect.toString() });
    res.end();
    return true;
  };

  /** RFC 6749 §2.3.1: Basic (form-encoded id and secret) or client_secret in the body; a public client sends client_id alone. */
  const authenticate = (req: IncomingMessage, form: URLSearchParams): { clientId: string } | { refused: true; basic: boolean } => {
    const header = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [rawId, rawSecret] = header ? Buffer.from(header, 'base64').toString('utf8').split(':', 2) : [];
    const clientId = header ? decodeURIComponent(rawId ?? '') : (form.get('client_id') ?? '');
    const secret = header ? decodeURIComponent(rawSecret ?? '') : form.get('client_secret');
    const client = CLIENTS.get(clientId);
    if (!client) return { refused: true, basic: header !== undefined };
    if (faults.has('client-secret-unchecked')) return { clientId };
    // A public client proves nothing here (PKCE binds its code); a confidential one proves its secret.
    if (client.secret === undefined ? secret === null || secret === undefined : secret === client.secret) return { clientId };
    return { refused: true, basic: header !== undefined };
  };

  const token = (req: IncomingMessage, res: ServerResponse, body: string): true => {
    const form = new URLSearchParams(body);
    const client = authenticate(req, form);
    if ('refused' in client)
      return refuse(res, 'invalid_client', client.basic ? 401 : 400, client.basic ? { 'www-authenticate': 'Basic realm="escola-teste"' } : {});
    if (form.get('grant_type') === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!grant || (grant.clientId !== client.clientId && !faults.has('refresh-any-client'))) return refuse(res, 'invalid_grant');
      refreshTokens.delete(form.get('refresh_token') ?? '');
      return issue(res, grant);
    }
    if (form.get('grant_type') !== 'authorization_code') return refuse(res, 'unsupported_grant_type');
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    if (!grant) return refuse(res, 'invalid_grant');
    if (grant.used && !faults.has('code-reusable')) {
      // RFC 6749 §4.1.2: deny, and revoke what the first exchange issued.
      if (!faults.has('reuse-keeps-tokens'))
        for (const value of grant.issued) {
          accessTokens.delete(value);
          refreshTokens.delete(value);
        }
      return refuse(res, 'invalid_grant');
    }
    if (grant.clientId !== client.clientId && !faults.has('code-any-client')) return refuse(res, 'invalid_grant');
    if (form.get('redirect_uri') !== grant.redirectUri && !faults.has('code-ignores-redirect-uri')) return refuse(res, 'invalid_grant');
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge && !faults.has('pkce-ignored')) return refuse(res, 'invalid_grant');
    grant.used = true;
    return issue(res, grant);
  };

  return {
    handle(req, res, url, body) {
      const method = req.method ?? 'GET';
      // The fault decodes its inputs with decodeURIComponent, which throws on a "%" not followed by two hex digits.
      const inputs = url.search + body;
      // The second decodes with a strict UTF-8 decoder, which throws on escapes that are no UTF-8 (%C3%28, %FF).
      const throws =
        (faults.has('oauth-bad-percent-500') && /%(?![0-9A-Fa-f]{2})/.test(inputs)) || (faults.has('oauth-bad-utf8-500') && !decodesAsUtf8(inputs));
      if (throws && url.pathname.startsWith('/auth/')) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('URIError: URI malformed\n');
        return true;
      }
      if (method === 'GET' && url.pathname === '/.well-known/oauth-authorization-server') {
        const origin = `http://${req.headers.host ?? url.host}`;
        return send(res, 200, {
          issuer: origin,
          authorization_endpoint: `${origin}/auth/authorize`,
          token_endpoint: `${origin}/auth/token`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
        });
      }
      if (method === 'GET' && url.pathname === '/auth/authorize') {
        // Its answer is a redirect (or a page): a client asking for JSON only gets 406, as a validating server does.
        if ((req.headers.accept ?? '').trim() === 'application/json') return send(res, 406, { error: 'this endpoint answers HTML or a redirect' });
        return authorize(res, url.searchParams);
      }
      if (method === 'POST' && url.pathname === '/auth/token') return token(req, res, body);
      return false;
    },
    userScopes: (value) => accessTokens.get(value),
  };
}

/** Whether the well-formed escapes of a query or form decode to UTF-8 (a "%" without two hex digits is left aside). */
export function decodesAsUtf8(text: string): boolean {
  try {
    decodeURIComponent(text.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
    return true;
  } catch {
    return false;
  }
}
