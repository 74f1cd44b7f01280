import { authenticateClient } from './authenticateClient.ts';
import type { FormBody } from './formBody.ts';
import { grantsByType } from './grants/grantsByType.ts';
import { jsonAnswer, type OAuthAnswer } from './OAuthAnswer.ts';
import type { OAuthContext } from './OAuthContext.ts';
import { OAuthError } from './OAuthError.ts';
import { readFormParams } from './readFormParams.ts';

// §5.1 for success, and errors carry nothing worth caching either.
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/**
 * POST /oauth/token (RFC 6749 §3.2): read the form, authenticate the client (§2.3), hand the request to the
 * grant named by grant_type, and answer §5.1 JSON or a §5.2 error. Nothing thrown escapes as a 5xx with
 * details: an unexpected failure is logged and answered as server_error.
 */
export function handleToken(oauth: OAuthContext, body: FormBody, authorization: string | undefined): OAuthAnswer {
  try {
    if (!body.ok) throw new OAuthError('invalid_request', body.reason);
    const { params, repeated } = readFormParams(body.search);
    if (repeated.length > 0) throw new OAuthError('invalid_request', `Parameters must not be repeated (RFC 6749 §3.2): ${repeated.join(', ')}.`);
    const grantType = params.grant_type;
    if (grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is missing.');
    const client = authenticateClient(params, authorization, oauth.deps.store);
    const grant = grantsByType.get(grantType);
    if (!grant) throw new OAuthError('unsupported_grant_type', `grant_type "${grantType}" is not supported; use ${[...grantsByType.keys()].join(', ')}.`);
    return jsonAnswer(200, grant.handle({ oauth, client, params }), NO_STORE);
  } catch (error) {
    if (error instanceof OAuthError) {
      return jsonAnswer(error.status, { error: error.error, error_description: error.description }, { ...NO_STORE, ...error.headers });
    }
    oauth.log(`internal error on POST /oauth/token: ${(error as Error).stack ?? String(error)}`);
    return jsonAnswer(500, { error: 'server_error', error_description: 'The mock failed while answering; the server log has the details.' }, NO_STORE);
  }
}
