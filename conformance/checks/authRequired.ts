import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck } from './Check.ts';
import { isSuccess } from './ExchangeInput.ts';

export interface AuthInput {
  exchange: Exchange;
  /** What was wrong with the credentials: "no Authorization header", "a malformed bearer token". */
  credentials: string;
}

/**
 * Operations 2 to 8 (bearer) and user-info (OAuth) refuse a request without valid credentials: not a 2xx is
 * stated (MUST); 401, and its `WWW-Authenticate` challenge (RFC 6750 §3), are our decision (SHOULD: the
 * description shows no error, spec/DECISIONS.md › Errors).
 */
export const authRequired = defineCheck<AuthInput>(
  'auth-required',
  'A request without valid credentials is refused (401).',
  { MUST: stated('Endpoints 2 to 8 require an HTTP bearer token (`Authorization: Bearer <ACCESS_TOKEN>`).'), SHOULD: decided('Errors') },
  ({ exchange, credentials }, fail) => {
    const status = exchange.response?.status;
    if (status === undefined || status >= 500) return [];
    if (isSuccess(status) || status < 400)
      return [fail('MUST', exchange, `a request with ${credentials} was answered ${status}`, { expected: 'a 4xx (401)', actual: status })];
    if (status !== 401) return [fail('SHOULD', exchange, `a request with ${credentials} was answered ${status}, not 401`, { expected: 401, actual: status })];
    if (!exchange.response?.headers['www-authenticate'])
      return [
        fail('SHOULD', exchange, `the 401 to a request with ${credentials} has no WWW-Authenticate challenge (RFC 6750 §3)`, {
          path: 'header www-authenticate',
          expected: 'Bearer realm=...',
          actual: undefined,
        }),
      ];
    return [];
  },
);
