import { itemsOf } from '../checks/values.ts';
import type { StepContext } from '../step/StepContext.ts';

/** What the suite knows of its premise that otherApp is not installed and active in the community under test. */
export interface OtherAppPremise {
  /** Whether the answer below was read from the target (a bearer token listed otherApp's installations). */
  verified: boolean;
  /** Installed and active in the community: its secret is valid there, so refusing it is owed nowhere. */
  installed: boolean;
  /** How the suite knows, for the skip reason or the failure's message. */
  how: string;
}

/**
 * A secret is refused only when it belongs to no app installed and active in that community (spec/DECISIONS.md,
 * Data actions). So before the suite expects otherApp's secret refused, it lists otherApp's installations in the
 * community when a bearer token allows it: a 404 or no active installation there verifies the premise; one
 * active there falsifies it. Without a token, or on any other answer, the premise stays unverified.
 */
export async function otherAppPremise(s: StepContext, appId: string, community: string): Promise<OtherAppPremise> {
  if (!s.config.token) return { verified: false, installed: false, how: 'no bearer token to list its installations' };
  // A run of the data actions alone (a provider's profile) claims no installation operation: nothing is sent there.
  if (s.areas && !s.areas.includes('installations'))
    return { verified: false, installed: false, how: 'the installations are not in this run, so its installations were not listed' };
  const exchange = await s.send({ operationId: 'listAppInstallations', path: { appId }, community, expect: { probe: true } });
  const status = exchange.response?.status ?? 0;
  if (status === 404) return { verified: true, installed: false, how: `listing its installations answered 404` };
  if (status < 200 || status >= 300) return { verified: false, installed: false, how: `listing its installations answered ${status || 'nothing'}` };
  const items = itemsOf(exchange.response?.body);
  // An item without a community is the one of the community asked for (the list is the community's).
  const active = items.filter((i) => (i.community === undefined || i.community === community) && i.active !== false && i.status !== 'pending_approval');
  return active.length > 0
    ? { verified: true, installed: true, how: `its installations in ${community} list an active one` }
    : { verified: true, installed: false, how: `its installations in ${community} list no active one` };
}
