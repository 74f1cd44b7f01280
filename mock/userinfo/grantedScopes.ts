import type { Contract } from '../../spec/contract.ts';
import { oauthScopes } from '../oauth/oauthScopes.ts';
import type { TokenRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * The scopes a user token grants. A development token stands for a fully trusted app (decided here): it
 * grants every scope of the spec, so a frontend sees the whole user-info without the OAuth dance.
 */
export function grantedScopes(contract: Contract, token: Stored<TokenRecord>): Set<string> {
  return token.kind === 'development' ? new Set(oauthScopes(contract).keys()) : new Set(token.scopes);
}
