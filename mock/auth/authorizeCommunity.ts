import { HttpProblem } from '../problems/HttpProblem.ts';
import type { TokenRecord } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * A token acts only in the communities it was issued for. An app token (client_credentials) also needs the
 * app to be installed and active there now: uninstalling an app cuts its access at once.
 */
export function authorizeCommunity(token: Stored<TokenRecord>, community: string, store: Store): void {
  if (!token.communities.includes(community)) {
    throw new HttpProblem('forbidden', `The token is not valid for community "${community}".`);
  }
  if (token.kind === 'app') {
    const installation = store.installation(token.subject, community);
    if (!installation?.active) {
      throw new HttpProblem('forbidden', `App "${token.subject}" is not installed and active in community "${community}".`);
    }
  }
}
