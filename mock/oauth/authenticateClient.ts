import { REALM } from '../auth/authenticateBearer.ts';
import type { AppRecord } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import { OAuthError } from './OAuthError.ts';
import { sameBytes, sha256 } from '../sha256.ts';
import type { FormParams } from './readFormParams.ts';
import type { Stored } from '../store/Stored.ts';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface AuthenticatedClient {
  app: Stored<AppRecord>;
  clientId: string;
  method: ClientAuthMethod;
  /** The client proved it holds a secret (RFC 6749 §2.1 confidential client). */
  confidential: boolean;
}

/**
 * RFC 6749 §2.3 client authentication at the token endpoint: HTTP Basic (§2.3.1, credentials
 * form-urlencoded before base64), client_secret in the body (§2.3.1, allowed, not recommended), or none for a
 * public client (§3.2.1, client_id alone; PKCE then binds the code to it).
 */
export function authenticateClient(params: FormParams, authorization: string | undefined, store: Store): AuthenticatedClient {
  const basic = authorization !== undefined && /^basic /i.test(authorization.trimStart()) ? decodeBasic(authorization.trimStart().slice(6).trim()) : undefined;
  if (basic && params.client_secret !== undefined) {
    // §2.3: "The client MUST NOT use more than one authentication method in each request."
    throw new OAuthError('invalid_request', 'Send the client secret either in the Authorization header or in the body, not both (RFC 6749 §2.3).');
  }
  if (basic && params.client_id !== undefined && params.client_id !== basic.clientId) {
    throw new OAuthError('invalid_request', 'client_id in the body differs from the one in the Authorization header.');
  }
  const method: ClientAuthMethod = basic ? 'client_secret_basic' : params.client_secret !== undefined ? 'client_secret_post' : 'none';
  const clientId = basic?.clientId ?? params.client_id;
  const secret = basic?.secret ?? params.client_secret;
  const refuse = (description: string): never => {
    // §5.2: a client that tried HTTP Basic gets 401 and a Basic challenge; otherwise 400 is enough.
    if (basic) throw new OAuthError('invalid_client', description, 401, { 'WWW-Authenticate': `Basic realm="${REALM}", charset="UTF-8"` });
    throw new OAuthError('invalid_client', description);
  };

  if (clientId === undefined) return refuse('No client authentication: send client_id (and client_secret for a confidential client).');
  const app = store.app(clientId);
  if (!app) return refuse(`No client "${clientId}" is known to this server.`);
  if (app.clientSecret === undefined) {
    if (secret !== undefined) return refuse(`${clientId} is a public client and has no secret; send client_id alone and prove possession with PKCE.`);
    return { app, clientId, method, confidential: false };
  }
  if (secret === undefined) return refuse(`${clientId} is a confidential client: authenticate with client_secret_basic or client_secret_post.`);
  if (!sameSecret(secret, app.clientSecret)) return refuse(`The client secret of ${clientId} is wrong.`);
  return { app, clientId, method, confidential: true };
}

function decodeBasic(encoded: string): { clientId: string; secret: string } {
  const refuse = (): never => {
    throw new OAuthError('invalid_client', 'The Authorization header is not Basic base64(client_id:client_secret) (RFC 6749 §2.3.1).', 401, {
      'WWW-Authenticate': `Basic realm="${REALM}", charset="UTF-8"`,
    });
  };
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return refuse();
  let decoded: string;
  try {
    // atob, not Buffer: this runs in browser pages too (createMock). It refuses a length no base64 has.
    decoded = new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  } catch {
    return refuse();
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return refuse();
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return refuse();
  }
}

/** §2.3.1: the id and secret are encoded with application/x-www-form-urlencoded before base64. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/** Constant-time comparison of digests, so the time taken says nothing about the secret. */
function sameSecret(given: string, expected: string): boolean {
  return sameBytes(sha256(given), sha256(expected));
}
