/**
 * Every problem the mock can answer, by code: one template each (RFC 9457 §3.1 `type` and `title`).
 * docs/errors.md lists the same codes; problemCatalog.test.ts keeps the two in sync.
 */
export const PROBLEM_BASE = 'https://example.com/edu-platform-contract/problems/';

export const problemCatalog = {
  invalid_request: { status: 400, title: 'The request does not match the contract' },
  invalid_json: { status: 400, title: 'The body is not valid JSON' },
  missing_community: { status: 400, title: 'The community-id header is required' },
  invalid_session: { status: 400, title: 'The session name is not valid' },
  unknown_contract_version: { status: 400, title: 'The contract version is not served' },
  unauthorized: { status: 401, title: 'Authentication required' },
  invalid_token: { status: 401, title: 'The bearer token is not valid' },
  invalid_secret: { status: 401, title: 'Invalid secret' },
  admin_token_required: { status: 401, title: 'The mock controls need the admin token' },
  forbidden: { status: 403, title: 'Forbidden' },
  insufficient_scope: { status: 403, title: 'The token does not allow this operation' },
  host_not_allowed: { status: 403, title: 'This host is not allowed' },
  cross_site_request: { status: 403, title: 'Cross-site requests are refused' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  not_acceptable: { status: 406, title: 'No example for that preference' },
  request_timeout: { status: 408, title: 'The request took too long' },
  conflict: { status: 409, title: 'Conflict' },
  payload_too_large: { status: 413, title: 'The body is too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  headers_too_large: { status: 431, title: 'The request headers are too large' },
  read_only_field: { status: 422, title: 'Read-only field' },
  unprocessable: { status: 422, title: 'The request cannot be applied' },
  malformed_http: { status: 400, title: 'The request is not valid HTTP' },
  too_many_sessions: { status: 429, title: 'Too many sessions' },
  internal_error: { status: 500, title: 'Internal error' },
  not_in_current_contract: { status: 501, title: 'The operation is in the previous contract only' },
  storage_unavailable: { status: 503, title: 'The write could not be made durable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof problemCatalog;

export function problemType(code: ProblemCode): string {
  return PROBLEM_BASE + code.replace(/_/g, '-');
}
