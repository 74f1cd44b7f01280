/**
 * A login through the mock's authorization server that ended without tokens: `error` is the RFC 6749 code
 * the server answered (`access_denied` when the consent was denied, `invalid_grant`, …), or `login_page` when
 * the server showed a page instead of redirecting (a client or redirect URI it cannot trust, a user it does
 * not know); `description` is what it said.
 */
export class LoginError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`login failed: ${error}: ${description}`);
    this.name = 'LoginError';
  }
}
