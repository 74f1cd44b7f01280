import type { Exchange } from '../client/Exchange.ts';
import { decided, stated, type CheckFailure, type CheckRules, type FailureFactory } from './Check.ts';
import { isRecord } from './values.ts';

/**
 * The description names the flow ("OAuth 2.0 authorization code flow"), so what RFC 6749 requires of every
 * authorization-code server is a MUST; the Security BCP (RFC 9700), caching and the exact error code are SHOULD
 * (spec/DECISIONS.md, "How the conformance suite reads what the description leaves open").
 */
export const OAUTH_RULES: CheckRules = {
  MUST: stated('Endpoint 1 uses OAuth 2.0 authorization code flow.'),
  SHOULD: decided('How the conformance suite reads what the description leaves open'),
};

/** RFC 6749 §5.2 error codes (an extension code must be registered, §8.5; none of them fits these probes). */
export const TOKEN_ERROR_CODES: readonly string[] = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
];

/** The `error` of an RFC 6749 §5.2 answer, or undefined when the body is not one (token-error-shape says so). */
export function tokenErrorOf(exchange: Exchange): string | undefined {
  const body = exchange.response?.body;
  return isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
}

export interface Refusal {
  /** What was sent, for the message: "a token request with another redirect_uri". */
  what: string;
  /** The RFC sentence or section the refusal rests on. */
  rule: string;
  /** The error codes RFC 6749 §5.2 names for the case; the first is the one shown as expected. */
  expected: readonly string[];
}

/**
 * A token request the server MUST refuse: a 2xx or 3xx is a MUST failure; a refusal with another §5.2 code
 * than the one the RFC names for the case is a SHOULD. A 5xx is no-server-error's, a body that is no §5.2
 * error token-error-shape's: one bug, one finding.
 */
export function judgeRefusal(fail: FailureFactory, exchange: Exchange, refusal: Refusal): CheckFailure[] {
  const res = exchange.response;
  if (!res || res.status >= 500) return [];
  const want = `400 ${refusal.expected[0] ?? 'error'}`;
  if (res.status < 400) return [fail('MUST', exchange, `${refusal.what} was answered ${res.status}; ${refusal.rule}`, { expected: want, actual: res.status })];
  const error = tokenErrorOf(exchange);
  if (error === undefined || refusal.expected.includes(error)) return [];
  return [
    fail('SHOULD', exchange, `${refusal.what} was refused with "${error}", not ${refusal.expected.join(' or ')} (${refusal.rule})`, {
      path: 'response.error',
      expected: refusal.expected.join(' or '),
      actual: error,
    }),
  ];
}
