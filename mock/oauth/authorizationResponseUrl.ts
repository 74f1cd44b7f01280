/**
 * The client's redirect URI with the response parameters added to its query (RFC 6749 §4.1.2): the query it
 * already has is kept byte for byte (§3.1.2 "MUST retain the query component"), undefined values are left out.
 */
export function authorizationResponseUrl(redirectUri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  const separator = !redirectUri.includes('?') ? '?' : redirectUri.endsWith('?') || redirectUri.endsWith('&') ? '' : '&';
  return `${redirectUri}${separator}${query.toString()}`;
}
