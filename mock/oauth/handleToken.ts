import type { Request, Response } from 'express';
import { authenticateClient } from './authenticateClient.ts';
import { grantsByType } from './grants/grantsByType.ts';
import type { OAuthContext } from './OAuthContext.ts';
import { OAuthError } from './OAuthError.ts';
import { readFormBody } from './readFormBody.ts';
import { readFormParams } from './readFormParams.ts';

/**
 * POST /oauth/token (RFC 6749 §3.2): read the form, authenticate the client (§2.3), hand the request to the
 * grant named by grant_type, and answer §5.1 JSON or a §5.2 error. Nothing thrown escapes as a 5xx with
 * details: an unexpected failure is logged and answered as server_error.
 */
export function handleToken(oauth: OAuthContext) {
  return async (req: Request, res: Response): Promise<void> => {
    // §5.1 for success, and errors carry nothing worth caching either.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Pragma', 'no-cache');
    try {
      const body = await readFormBody(req, res);
      if (!body.ok) throw new OAuthError('invalid_request', body.reason);
      const { params, repeated } = readFormParams(body.search);
      if (repeated.length > 0) throw new OAuthError('invalid_request', `Parameters must not be repeated (RFC 6749 §3.2): ${repeated.join(', ')}.`);
      const grantType = params.grant_type;
      if (grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is missing.');
      const client = authenticateClient(params, req.headers.authorization, oauth.deps.store);
      const grant = grantsByType.get(grantType);
      if (!grant) throw new OAuthError('unsupported_grant_type', `grant_type "${grantType}" is not supported; use ${[...grantsByType.keys()].join(', ')}.`);
      res.status(200).json(grant.handle({ oauth, client, params }));
    } catch (error) {
      if (error instanceof OAuthError) {
        for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
        res.status(error.status).json({ error: error.error, error_description: error.description });
        return;
      }
      oauth.log(`internal error on POST /oauth/token: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent)
        res.status(500).json({ error: 'server_error', error_description: 'The mock failed while answering; the server log has the details.' });
    }
  };
}
