import type { Contract } from '../../spec/contract.ts';

interface OAuth2Scheme {
  flows?: { authorizationCode?: { scopes?: Record<string, string> } };
}

/**
 * The platform's scopes and their descriptions, read from the spec (components.securitySchemes.oauth2), in
 * the spec's order: the spec is the one place they are written down.
 */
export function oauthScopes(contract: Contract): ReadonlyMap<string, string> {
  const scheme = contract.document.components?.securitySchemes?.oauth2 as OAuth2Scheme | undefined;
  const scopes = scheme?.flows?.authorizationCode?.scopes;
  if (!scopes || Object.keys(scopes).length === 0) throw new Error('spec: components.securitySchemes.oauth2 declares no authorization-code scopes');
  return new Map(Object.entries(scopes));
}

/** RFC 6749 §3.3: a space-delimited list; repeated spaces are tolerated, order and duplicates are not kept. */
export function parseScope(value: string): string[] {
  return [...new Set(value.split(' ').filter((s) => s !== ''))];
}
