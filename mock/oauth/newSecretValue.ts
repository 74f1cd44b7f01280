import type { OAuthContext } from './OAuthContext.ts';

/**
 * A new code or token value from the seeded rng. The stream restarts with the mock, while tokens can outlive
 * it (--state-file): a value already in use is skipped rather than handed out twice.
 */
export function newSecretValue(oauth: OAuthContext, prefix: string): string {
  for (;;) {
    const value = `${prefix}${oauth.rng.hex(32)}`;
    if (!oauth.state.has(value) && !oauth.deps.store.token(value)) return value;
  }
}
